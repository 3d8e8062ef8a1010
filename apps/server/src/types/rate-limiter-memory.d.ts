// The package types its root only; the memory limiter is imported from its own file (lib/rate-limiter.ts).
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export default RateLimiterMemory;
}
