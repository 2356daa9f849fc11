import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { envToCfg, envToSecrets, PDS, type ServerEnvironment } from '@atproto/pds';
import { Database as PlcDatabase, PlcServer } from '@did-plc/server';

/**
 * The local Bluesky: Bluesky's own reference Personal Data Server (@atproto/pds), run in-process,
 * with the reference PLC directory (@did-plc/server) on its in-memory store beside it, because
 * creating an account registers a did:plc and every later request resolves it there. Nothing here
 * imitates Bluesky: what the real PDS refuses, this one refuses, by the same code.
 *
 * The PLC directory keeps its operations in memory, so the PDS's data cannot outlive a run (its
 * accounts would name DIDs that no longer resolve): each start wipes `dataDir` first.
 *
 * Needs Node 22 (the PDS's engines) and better-sqlite3 built for Node 22's ABI: see docs/bluesky.md.
 */
export interface LocalPds {
  /** Where @atproto/api's AtpAgent points, e.g. http://localhost:2583 */
  readonly url: string;
  readonly plcUrl: string;
  /** The admin password of this run (random), for com.atproto.admin calls in tests. */
  readonly adminPassword: string;
  stop(): Promise<void>;
}

export interface LocalPdsOptions {
  readonly dataDir: string;
  /** 0 (the default) takes a free port. */
  readonly port?: number;
}

export async function startLocalPds(options: LocalPdsOptions): Promise<LocalPds> {
  if (Number(process.versions.node.split('.')[0]) < 22) {
    throw new Error(`The local Bluesky PDS needs Node 22 or later; this is Node ${process.versions.node} (run it through npm scripts or npx)`);
  }
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(options.dataDir, 'blobs'), { recursive: true });

  const plc = PlcServer.create({ db: PlcDatabase.mock(), port: 0 });
  const plcServer = await plc.start();
  const plcUrl = `http://localhost:${(plcServer.address() as AddressInfo).port}`;

  const port = options.port ?? 0;
  const adminPassword = randomBytes(16).toString('hex');
  // Built whole here, not read from PDS_* variables, so a developer's shell cannot change the stand-in.
  const pdsEnv: ServerEnvironment = {
    // The PDS names its own URL from hostname and port; 'localhost' makes it http and gives handles
    // the `.test` domain, as the atproto dev environment does.
    hostname: 'localhost',
    // A real port, not 0: the PDS writes its own URL (into DID documents too) from this number.
    port: port === 0 ? await freePort() : port,
    dataDirectory: options.dataDir,
    blobstoreDiskLocation: path.join(options.dataDir, 'blobs'),
    didPlcUrl: plcUrl,
    inviteRequired: false,
    devMode: true,
    // No relay or app view runs locally: nothing to crawl, no feed to proxy to.
    crawlers: [],
    bskyAppViewUrl: undefined,
    bskyAppViewDid: undefined,
    modServiceUrl: undefined,
    modServiceDid: undefined,
    reportServiceUrl: undefined,
    reportServiceDid: undefined,
    rateLimitsEnabled: false,
    jwtSecret: randomBytes(32).toString('hex'),
    adminPassword,
    plcRotationKeyK256PrivateKeyHex: secp256k1PrivateKeyHex(),
  };
  const cfg = envToCfg(pdsEnv);
  let pds: PDS;
  try {
    pds = await PDS.create(cfg, envToSecrets(pdsEnv));
    await pds.start();
  } catch (error) {
    await plc.destroy();
    throw error;
  }
  return {
    url: cfg.service.publicUrl,
    plcUrl,
    adminPassword,
    async stop() {
      await pds.destroy();
      await plc.destroy();
    },
  };
}

/**
 * A secp256k1 private key is 32 bytes below the curve order n; a random 32 bytes is at or above n
 * with probability about 2^-128, checked anyway so the PDS never gets an invalid rotation key.
 */
const SECP256K1_ORDER = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
function secp256k1PrivateKeyHex(): string {
  for (;;) {
    const hex = randomBytes(32).toString('hex');
    const value = BigInt(`0x${hex}`);
    if (value > 0n && value < SECP256K1_ORDER) return hex;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
