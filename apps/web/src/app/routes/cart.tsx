/** /cart: the beat cart and the stems cart (docs/product/screens-and-words.md#cart). */
export { CartPage } from '../../features/cart';
