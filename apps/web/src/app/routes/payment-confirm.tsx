/** /paymentConfirm: where the hosted checkout returns after payment (docs/product/screens-and-words.md#screens). */
export { PaymentConfirmPage } from '../../features/cart';
