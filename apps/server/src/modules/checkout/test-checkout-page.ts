/**
 * The built-in test checkout's page: a hosted card checkout look-alike (order on the left, card form on
 * the right) served by the product itself. Plain HTML with its own CSS and JS files, so it runs under a
 * strict Content-Security-Policy of its own (no inline script or style).
 */
import { escapeHtml as e } from '../../adapters/mail/templates.js';
import { formatUsd as usd } from '../offers/offers.js';

export const TEST_CHECKOUT_ASSETS = '/test-checkout/assets';

export interface CheckoutPageLine {
  title: string;
  description: string;
  priceCents: number;
  /** The license terms the line is sold under, summed up, with the full text a link away. */
  terms: { title: string; summary: string[]; href: string } | null;
}

function termsOf(line: CheckoutPageLine): string {
  if (!line.terms) return '';
  return `<div class="line__terms">
    <p class="line__terms-title">${e(line.terms.title)}</p>
    <ul class="line__terms-list">${line.terms.summary.map((item) => `<li>${e(item)}</li>`).join('')}</ul>
    <a class="line__terms-link" href="${e(line.terms.href)}" target="_blank" rel="noopener">Read the full license<span class="visually-hidden"> of ${e(line.title)}</span></a>
  </div>`;
}

export interface CheckoutFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const emptyForm: CheckoutFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };



function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<link rel="stylesheet" href="${TEST_CHECKOUT_ASSETS}/checkout.css">
<script src="${TEST_CHECKOUT_ASSETS}/checkout.js" defer></script>
</head>
<body>
${body}
</body>
</html>`;
}

const brand = `<span class="brand__mark" aria-hidden="true"></span><span class="brand__name">Beat Market</span>`;

export function renderCheckoutPage(input: {
  sessionId: string;
  email: string;
  lines: CheckoutPageLine[];
  totalCents: number;
  minutesLeft: number;
  values: CheckoutFormValues;
  error: { field: keyof CheckoutFormValues | 'form'; message: string } | null;
}): string {
  const { values, error } = input;
  const invalid = (field: keyof CheckoutFormValues) =>
    error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const lines = input.lines
    .map(
      (line) => `<li class="line">
  <div class="line__text"><p class="line__title">${e(line.title)}</p><p class="line__desc">${e(line.description)}</p>${termsOf(line)}</div>
  <p class="line__price">${usd(line.priceCents)}</p>
</li>`,
    )
    .join('\n');
  const minutes = Math.max(1, input.minutesLeft);

  return layout(
    'Beat Market — Checkout',
    `<div class="page">
<header class="summary">
  <div class="summary__inner">
    <div class="summary__top">
      <a class="back" href="/test-checkout/${e(input.sessionId)}/cancel" id="cancel-link"><span aria-hidden="true">&larr;</span> Cancel</a>
      <p class="brand">${brand}</p>
      <span class="test-badge">TEST MODE</span>
    </div>
    <p class="summary__label">Pay Beat Market</p>
    <p class="summary__total" id="total">${usd(input.totalCents)}</p>
    <h1 class="visually-hidden">Checkout</h1>
    <h2 class="summary__heading">Order</h2>
    <ul class="lines" aria-label="Items">
${lines}
    </ul>
    <div class="summary__sum"><span>Total due</span><span>${usd(input.totalCents)}</span></div>
  </div>
</header>
<main class="pay">
  <form class="pay__form" method="post" action="/test-checkout/${e(input.sessionId)}/pay" novalidate id="pay-form">
    <h2 class="pay__heading">Pay with card</h2>
    <div class="field">
      <span class="label" id="email-label">Email</span>
      <p class="readonly" aria-labelledby="email-label">${e(input.email)}</p>
    </div>
    <fieldset class="field card">
      <legend class="label">Card information</legend>
      <label class="visually-hidden" for="cardNumber">Card number</label>
      <input class="card__number" id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number"
        placeholder="1234 1234 1234 1234" maxlength="23" value="${e(values.cardNumber)}"${invalid('cardNumber')} required>
      <div class="card__row">
        <label class="visually-hidden" for="expiry">Expiration date (MM / YY)</label>
        <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"
          value="${e(values.expiry)}"${invalid('expiry')} required>
        <label class="visually-hidden" for="cvc">Security code (CVC)</label>
        <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"
          value="${e(values.cvc)}"${invalid('cvc')} required>
      </div>
    </fieldset>
    <div class="field">
      <label class="label" for="name">Cardholder name</label>
      <input id="name" name="name" autocomplete="cc-name" placeholder="Full name on card" maxlength="100"
        value="${e(values.name)}"${invalid('name')} required>
    </div>
    ${error ? `<p class="error" id="form-error" role="alert">${e(error.message)}</p>` : ''}
    <button class="pay__button" type="submit" id="pay-button" data-busy-label="Processing...">Pay ${usd(input.totalCents)}</button>
    <p class="hint">Test mode: pay with the card <strong>4242 4242 4242 4242</strong>, any future date and any 3-digit CVC. No money moves.
    This session ends in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.</p>
  </form>
  <footer class="foot">Powered by the Beat Market test checkout · <a href="/test-checkout/${e(input.sessionId)}/cancel">Cancel and return to your cart</a></footer>
</main>
</div>`,
  );
}

/** The page for a session that can no longer be paid (expired, already paid) or does not exist. */
export function renderCheckoutNotice(input: { title: string; message: string; link: { href: string; label: string } }): string {
  return layout(
    `Beat Market — ${input.title}`,
    `<main class="notice">
  <p class="brand">${brand}</p>
  <h1 class="notice__title">${e(input.title)}</h1>
  <p class="notice__text">${e(input.message)}</p>
  <a class="pay__button notice__link" href="${e(input.link.href)}">${e(input.link.label)}</a>
</main>`,
  );
}

export const checkoutCss = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1a1a;background:#fff}
a{color:inherit}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.page{min-height:100vh;display:grid;grid-template-columns:1fr 1fr}
.summary{background:#111116;color:#f3f3f6;display:flex;justify-content:flex-end;padding:48px 56px}
.summary__inner{width:100%;max-width:420px}
.summary__top{display:flex;align-items:center;gap:14px;margin-bottom:40px}
.back{color:#c9c9d4;text-decoration:none;font-size:14px;padding:6px 10px;margin-left:-10px;border-radius:6px}
.back:hover,.back:focus-visible{background:#23232c;color:#fff}
.brand{display:flex;align-items:center;gap:8px;margin:0;font-weight:700;letter-spacing:.01em}
.brand__mark{width:14px;height:14px;border-radius:50%;background:#f5c518;display:inline-block}
.test-badge{margin-left:auto;background:#f5c518;color:#1a1400;font-size:11px;font-weight:800;letter-spacing:.08em;padding:3px 8px;border-radius:4px}
.summary__label{margin:0;color:#b7b7c4;font-size:16px}
.summary__total{margin:4px 0 32px;font-size:40px;font-weight:700;letter-spacing:-.02em}
.summary__heading{font-size:13px;text-transform:uppercase;letter-spacing:.08em;color:#b7b7c4;margin:0 0 8px}
.lines{list-style:none;margin:0;padding:0}
.line{display:flex;justify-content:space-between;gap:16px;padding:14px 0;border-bottom:1px solid #2a2a34}
.line__title{margin:0;font-weight:600}
.line__desc{margin:2px 0 0;color:#b7b7c4;font-size:13px}
.line__terms{margin:8px 0 0;font-size:12.5px;color:#b7b7c4}
.line__terms-title{margin:0;font-weight:600;color:#e6e6ee}
.line__terms-list{margin:4px 0 6px;padding-left:18px;line-height:1.5}
.line__terms-link{color:#f5c518}
.line__price{margin:0;font-weight:600;white-space:nowrap}
.summary__sum{display:flex;justify-content:space-between;padding-top:16px;font-weight:700}
.pay{padding:48px 56px;display:flex;flex-direction:column;justify-content:flex-start}
.pay__form{width:100%;max-width:420px}
.pay__heading{font-size:20px;margin:0 0 20px}
.field{margin:0 0 18px;border:0;padding:0;min-width:0}
.label{display:block;font-size:13px;font-weight:600;color:#4a4a55;margin:0 0 6px;padding:0}
.readonly{margin:0;padding:10px 12px;border:1px solid #e0e0e6;border-radius:8px;background:#f6f6f9;color:#3b3b45}
input{width:100%;font:inherit;color:#1a1a1a;padding:11px 12px;border:1px solid #d0d0d8;border-radius:8px;background:#fff;outline:none}
input::placeholder{color:#6b6b78}
input:focus{border-color:#5b4fe0;box-shadow:0 0 0 3px rgba(91,79,224,.25)}
input[aria-invalid="true"]{border-color:#c0262d;box-shadow:0 0 0 3px rgba(192,38,45,.15)}
.card .card__number{border-radius:8px 8px 0 0}
.card__row{display:grid;grid-template-columns:1fr 1fr}
.card__row input{border-top:0;border-radius:0}
.card__row input:first-of-type{border-radius:0 0 0 8px;border-right:0}
.card__row input:last-of-type{border-radius:0 0 8px 0}
.error{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fdecec;color:#9b1c22;font-size:14px}
.pay__button{display:block;width:100%;border:0;border-radius:8px;padding:14px 16px;font:inherit;font-weight:700;font-size:16px;
  background:#1a1a1a;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
.pay__button:hover{background:#33333d}
.pay__button:focus-visible{outline:3px solid #5b4fe0;outline-offset:2px}
.pay__button[disabled]{opacity:.7;cursor:progress}
.hint{margin:16px 0 0;font-size:13px;color:#55555f}
.foot{margin-top:48px;font-size:12px;color:#55555f}
.notice{max-width:480px;margin:12vh auto;padding:0 24px}
.notice__title{font-size:26px;margin:28px 0 8px}
.notice__text{color:#4a4a55;margin:0 0 24px}
.notice__link{display:inline-block;width:auto;padding:12px 22px}
@media (max-width:860px){
  .page{grid-template-columns:1fr}
  .summary{padding:24px 20px;justify-content:center}
  .summary__inner,.pay__form{max-width:560px;margin:0 auto}
  .summary__top{margin-bottom:20px}
  .summary__total{font-size:32px;margin-bottom:16px}
  .pay{padding:28px 20px}
  .foot{margin-top:28px;text-align:center}
}
`;

/** Card-number grouping, MM / YY, and a busy Pay button. The form works without it. */
export const checkoutJs = `
(function () {
  var form = document.getElementById('pay-form');
  if (!form) return;
  var number = document.getElementById('cardNumber');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var button = document.getElementById('pay-button');
  function digits(v, max) { return v.replace(/\\D/g, '').slice(0, max); }
  number.addEventListener('input', function () {
    var d = digits(number.value, 19);
    number.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  expiry.addEventListener('input', function (event) {
    var d = digits(expiry.value, 4);
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    if (d.length === 1 && d > '1') d = '0' + d;
    expiry.value = d.length > 2 || (d.length === 2 && !deleting) ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
  });
  cvc.addEventListener('input', function () { cvc.value = digits(cvc.value, 4); });
  form.addEventListener('submit', function () {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = button.getAttribute('data-busy-label');
  });
})();
`;
