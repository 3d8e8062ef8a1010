/** /cart: the beat cart and the stems cart (spec §2). */
export { CartPage } from '../../features/cart/components/cart-page';
