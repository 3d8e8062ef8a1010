/** /paymentConfirm: where the hosted checkout returns after payment (spec §2). */
export { PaymentConfirmPage } from '../../features/cart/components/payment-confirm';
