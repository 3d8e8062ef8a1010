// Podman as it runs on machines whose cgroup set-up is mixed v1/v2 (docs/container.md): the `runc` runtime (crun refuses
// that set-up), cgroupfs as the cgroup manager, and a containers.conf with no default ulimits (they are refused there).
// Also makes the base image when podman has none: Debian bookworm by debootstrap from the machine's Debian mirror, plus
// Node.js 24 and npm 11 from the npm registry, and the machine's own certificate authorities, imported as
// `beat-market-base:local`. It stays in podman's store.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const baseImage = 'beat-market-base:local';
const confDir = mkdtempSync(path.join(os.tmpdir(), 'beat-podman-'));
const conf = path.join(confDir, 'containers.conf');
writeFileSync(conf, '[containers]\ndefault_ulimits = []\n');
process.on('exit', () => rmSync(confDir, { recursive: true, force: true }));

export const podmanEnv = { ...process.env, CONTAINERS_CONF: conf };
export const podmanFlags = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];

/** Runs podman with the flags above; throws with its output unless it exits 0 (or `allowFail`). */
export function podman(args, { allowFail = false, timeout = 30 * 60_000, input, stdio } = {}) {
  const result = spawnSync('podman', [...podmanFlags, ...args], { env: podmanEnv, encoding: 'utf8', timeout, input, stdio, maxBuffer: 64 << 20 });
  if (!allowFail && result.status !== 0) {
    throw new Error(`podman ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30 * 60_000, maxBuffer: 64 << 20, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result;
}

/** The Debian archive the machine's apt uses (not its security archive), else Debian's own mirror. */
export function debianMirror() {
  const files = ['/etc/apt/sources.list'];
  try {
    files.push(...readdirSync('/etc/apt/sources.list.d').map((name) => path.join('/etc/apt/sources.list.d', name)));
  } catch {
    // no folder
  }
  for (const file of files) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (line.trim().startsWith('#')) continue;
      const uri = /(https?:\/\/\S+\/debian)\/?(?:\s|$)/.exec(line)?.[1];
      if (uri) return uri;
    }
  }
  return 'http://deb.debian.org/debian';
}

/** Makes the base image unless podman has it; `say` reports each step. */
export function ensureBaseImage(say = () => {}) {
  if (podman(['image', 'exists', baseImage], { allowFail: true }).status === 0) return false;
  const work = mkdtempSync(path.join(os.tmpdir(), 'beat-base-'));
  try {
    const rootfs = path.join(work, 'rootfs');
    const mirror = debianMirror();
    say(`no ${baseImage} yet: debootstrap of Debian bookworm from ${mirror} (several minutes)`);
    // libstdc++6 for Node.js; ca-certificates for anything that checks TLS with the system's certificates.
    run('debootstrap', ['--variant=minbase', '--include=libstdc++6,ca-certificates', 'bookworm', rootfs, mirror]);
    // The machine's own certificate authorities (a TLS-inspecting proxy's, say), so that npm in the image reaches the
    // registry as npm on the machine does. Node.js reads them through NODE_EXTRA_CA_CERTS (set below).
    const localAuthorities = '/usr/local/share/ca-certificates';
    if (existsSync(localAuthorities)) {
      cpSync(localAuthorities, path.join(rootfs, localAuthorities), { recursive: true });
      run('chroot', [rootfs, 'update-ca-certificates']);
    }
    for (const cache of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const name of readdirSync(path.join(rootfs, cache))) {
        if (name !== 'partial' && name !== 'lock') rmSync(path.join(rootfs, cache, name), { recursive: true, force: true });
      }
    }

    say('Node.js 24 and npm 11 from the npm registry into the image');
    const tools = path.join(work, 'tools');
    run('npm', ['install', '--prefix', tools, 'node@24', 'npm@11', '--no-save', '--no-audit', '--no-fund', '--loglevel=error']);
    const local = path.join(rootfs, 'usr/local');
    mkdirSync(path.join(local, 'bin'), { recursive: true });
    copyFileSync(path.join(tools, 'node_modules/node/bin/node'), path.join(local, 'bin/node'));
    chmodSync(path.join(local, 'bin/node'), 0o755);
    cpSync(path.join(tools, 'node_modules/npm'), path.join(local, 'lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin/npx'));

    say(`podman import as ${baseImage}`);
    const tar = path.join(work, 'rootfs.tar');
    run('tar', ['-C', rootfs, '-cf', tar, '.']);
    podman([
      'import',
      '--change', 'CMD ["node"]',
      '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change', 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
      tar,
      baseImage,
    ]);
    return true;
  } finally {
    unmountUnder(work);
    rmSync(work, { recursive: true, force: true });
  }
}

/** debootstrap mounts /proc (and more) inside the folder while it installs; one that stopped half-way leaves them mounted. */
function unmountUnder(folder) {
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1])
    .filter((where) => where?.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length);
  for (const where of mounts) spawnSync('umount', ['--lazy', where]);
}
