// The container's health check (Containerfile, compose.yaml): exits 0 when the store in this container answers
// GET /api/ready with 200 within 4 s, else 1. It reads the port the server reads.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(4000) });
  process.exitCode = response.ok ? 0 : 1;
  if (!response.ok) console.error(`GET /api/ready answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
} catch (error) {
  console.error(`GET /api/ready failed: ${error.message}`);
  process.exitCode = 1;
}
