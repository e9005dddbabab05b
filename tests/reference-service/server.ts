/**
 * Local reference implementation of the image/video generation service, for unit and e2e
 * tests. It follows the interface document and fills its gaps with explicit, configurable
 * choices (costs, status codes, error bodies) so clients can be tested against them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiRequest, handleApi, type ServiceState } from './api';
import { FILES_PREFIX, handleFile } from './assets';
import { type AttackerListener, startAttackerListener } from './attacker';
import {
  type ConfigPatch,
  DEMO_API_KEY,
  defaultConfig,
  type FaultRule,
  parseConfigPatch,
  type ReferenceConfig,
} from './config';
import { CONTROL_PREFIX, handleControl } from './control';
import { echoKey, FaultBook, faultReply, seededRandom } from './faults';
import { BodyTooLargeError, flattenHeaders, type Reply, readBody, sendReply, text } from './http';
import { type Job, JobStore, viewJob } from './jobs';
import { type MediaTls, startMediaHost } from './media-host';
import { sendFile } from './media-send';
import { modelLatencyOf } from './models';

export type { AttackerListener, ConfigPatch, FaultRule, ReferenceConfig };
export { DEMO_API_KEY, defaultConfig };

/** A request for a result file, on either origin: what a test of resumed copies looks at. */
export interface FileRequestLogEntry {
  time: number;
  origin: 'service' | 'media';
  path: string;
  range: string | undefined;
  status: number;
}

export interface RequestLogEntry {
  time: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** 0 while unanswered (latency pending, or a 'hang' fault that never answers). */
  status: number;
}

/** Everything a service holds in memory, to carry it into a service started later (see `restore`). */
export interface ServiceSnapshot {
  config: ReferenceConfig;
  balances: Record<string, number>;
  jobs: Job[];
}

export interface ReferenceService {
  url: string;
  port: number;
  /** The second origin (127.0.0.2, no CORS) that serves the files when `filesOrigin` is 'media'. */
  mediaUrl: string;
  /** Another origin (127.0.0.2) that logs what reaches it, e.g. as the target of a redirect fault. */
  attacker: Omit<AttackerListener, 'close'>;
  /** Validated like a control request: throws a ConfigError that names each bad key. */
  configure(patch: ConfigPatch): void;
  reset(config?: ConfigPatch): void;
  /** Answers the requests a 'hold' fault keeps waiting, as the service would have answered them. */
  release(): void;
  requests(): RequestLogEntry[];
  /** Result files asked for on either origin, oldest first (cleared by `reset`). */
  fileRequests(): FileRequestLogEntry[];
  jobs(): Array<{ id: string; status: string; prompt: string; apiKey: string }>;
  /**
   * Ends a video job's work now, as the model finishing it: a test that needs a job pending until some step
   * is done makes it long and finishes it then, instead of racing a short duration against that step.
   */
  finishJob(id: string): void;
  /** Live credits of a key, or undefined when the key is not valid. */
  balanceOf(apiKey: string): number | undefined;
  /**
   * Replaces a key by a new one on the same account, as a person regenerating their key in the account
   * area: the old key answers 401 from now on, the new one sees the same credits and the same jobs.
   */
  rotateKey(oldKey: string, newKey: string): void;
  /** A copy of the jobs, balances and config, for `startReferenceService({ restore })`. */
  snapshot(): ServiceSnapshot;
  /**
   * Stops listening (connections are cut, so clients see "connection refused") while keeping every job,
   * balance and log entry; `resume()` listens again on the same port.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startReferenceService(
  options: {
    port?: number;
    host?: string;
    /**
     * Where the media origin listens (default 127.0.0.2, which the extension has no access to). On
     * 127.0.0.1 it is still another origin without CORS, but one the manifest's loopback access covers:
     * the state after a person granted access to the media host.
     */
    mediaHost?: string;
    /** Serve the media origin over https with this certificate (a host the extension may ask for). */
    mediaTls?: MediaTls;
    config?: ConfigPatch;
    /** State of an earlier service (its `snapshot()`), e.g. to restart one on the same port. */
    restore?: ServiceSnapshot;
  } = {},
): Promise<ReferenceService> {
  const host = options.host ?? '127.0.0.1';
  const state: ServiceState = {
    config: defaultConfig(),
    balances: new Map(),
    jobs: new JobStore(),
    baseUrl: '',
    mediaUrl: '',
    issued: new Map(),
    now: () => Date.now(),
  };
  const faults = new FaultBook();
  const fileFaults = new FaultBook();
  const attacker = await startAttackerListener();
  let fileLog: FileRequestLogEntry[] = [];
  const serveFile =
    (cors: boolean) =>
    async (method: string, path: string, range: string | undefined, res: ServerResponse) => {
      const { config } = state;
      const { action } = fileFaults.decide(method, path);
      // The schema allows only answers and redirects for files: neither waits for a test.
      const reply =
        action?.type === 'status' || action?.type === 'redirect'
          ? faultReply(action)
          : await handleFile(method, path, config.mediaIgnoreRange ? undefined : range, {
              cors,
              issuedAt: (file) => state.issued.get(file),
              retentionMs: config.fileRetentionMs,
              now: state.now(),
              videoMinBytes: config.videoMinBytes ?? 0,
              c2paManifest: config.c2paManifest ?? false,
            });
      fileLog.push({
        time: state.now(),
        origin: cors ? 'service' : 'media',
        path,
        range,
        status: reply.status,
      });
      sendFile(res, reply, method === 'HEAD', {
        bytesPerSec: config.mediaBytesPerSec,
        stall: (config.mediaStallPaths ?? []).some((prefix) => path.startsWith(prefix)),
      });
    };
  const mediaHost = await startMediaHost(serveFile(false), options.mediaHost, options.mediaTls);
  state.mediaUrl = mediaHost.url;
  let log: RequestLogEntry[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function applyPatch(input: unknown): void {
    const patch = parseConfigPatch(input);
    state.config = { ...state.config, ...patch };
    // Setting accounts is how a test changes credits, so balances follow the new values.
    if (patch.accounts) state.balances = new Map(Object.entries(state.config.accounts));
    if (patch.faults) faults.setRules(state.config.faults);
    if (patch.fileFaults) fileFaults.setRules(state.config.fileFaults);
    if ('faultSeed' in patch) {
      faults.setRandom(patch.faultSeed === undefined ? Math.random : seededRandom(patch.faultSeed));
    }
  }

  /** How many times the service was reset: a request remembers the count it arrived under. */
  let resets = 0;
  /** The answers 'hold' faults keep back until `release()` (or a reset, which refuses them). */
  const held: Array<() => void> = [];
  const release = () => {
    for (const answer of held.splice(0)) answer();
  };

  function reset(input: unknown = {}): void {
    resets++;
    release();
    const patch = parseConfigPatch(input);
    state.config = defaultConfig();
    faults.setRandom(Math.random);
    applyPatch({
      ...patch,
      accounts: patch.accounts ?? state.config.accounts,
      faults: patch.faults ?? [],
      fileFaults: patch.fileFaults ?? [],
    });
    state.jobs.clear();
    state.issued.clear();
    log = [];
    fileLog = [];
    attacker.clear();
  }

  const requests = (): RequestLogEntry[] => log.map((entry) => ({ ...entry, headers: { ...entry.headers } }));

  const jobs = (): Array<{ id: string; status: string; prompt: string; apiKey: string }> => {
    const now = state.now();
    return state.jobs.all().map((job) => ({
      id: job.id,
      status: viewJob(job, now).status,
      prompt: job.prompt,
      apiKey: job.apiKey,
    }));
  };

  const controller = {
    config: () => state.config,
    configure: applyPatch,
    reset,
    requests,
    jobs,
    attacker: () => ({ url: attacker.url, log: attacker.requests() }),
  };

  function later(ms: number, fn: () => void): void {
    if (ms <= 0) {
      fn();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function serveInterface(req: ApiRequest, res: ServerResponse): void {
    const entry: RequestLogEntry = { time: state.now(), ...req, status: 0 };
    log.push(entry);
    const respond = (reply: Reply): void => {
      entry.status = reply.status;
      sendReply(res, echoKey(reply, req.headers['x-api-key'] ?? ''));
    };
    const decision = faults.decide(req.method, req.path);
    if (decision.action?.type === 'hang') return; // the socket stays open until close()
    const { action } = decision;
    const received = resets;
    const answer = () =>
      later(state.config.latencyMs + modelLatencyOf(state.config, req.body) + decision.delayMs, () => {
        // A request that waited across a reset belongs to the test before it: it must not spend the credits
        // or make the jobs of the test after it.
        if (received !== resets)
          return respond(text(503, 'The service was reset while this request waited.'));
        respond(action && action.type !== 'hold' ? faultReply(action) : handleApi(state, req));
      });
    if (action?.type === 'hold') held.push(answer);
    else answer();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;

    if (path.startsWith(FILES_PREFIX)) {
      await serveFile(true)(method, path, req.headers.range, res);
      return;
    }

    let body: string;
    try {
      body = (await readBody(req)).toString('utf8');
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        sendReply(res, text(413, error.message));
        return;
      }
      throw error;
    }

    if (path.startsWith(CONTROL_PREFIX)) {
      sendReply(res, handleControl(controller, method, path, body));
      return;
    }
    serveInterface({ method, path, headers: flattenHeaders(req.headers), body }, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the reference service must surface as a visible 500, not a hung test.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      sendReply(res, text(500, `Reference service error: ${message}`));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function listen(port: number): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        const address = server.address();
        if (address === null || typeof address === 'string') reject(new Error('server has no TCP address'));
        else resolve(address.port);
      });
    });
  }

  function stopListening(): Promise<void> {
    return new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      // Hanging and keep-alive connections would otherwise hold close() open indefinitely.
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    });
  }

  const port = await listen(options.port ?? 0);
  const url = `http://${formatHost(host)}:${port}`;
  state.baseUrl = url;
  if (options.restore) {
    const { config, balances, jobs: saved } = structuredClone(options.restore);
    state.config = config;
    state.balances = new Map(Object.entries(balances));
    faults.setRules(config.faults);
    fileFaults.setRules(config.fileFaults);
    if (config.faultSeed !== undefined) faults.setRandom(seededRandom(config.faultSeed));
    for (const job of saved) state.jobs.add(job);
    if (options.config) applyPatch(options.config);
  } else {
    reset(options.config);
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= Promise.all([stopListening(), attacker.close(), mediaHost.close()]).then(() => undefined);
    return closing;
  };

  let pausing: Promise<void> | undefined;
  const pause = async (): Promise<void> => {
    if (closing) throw new Error('the service is closed');
    pausing ??= stopListening();
    await pausing;
  };
  const resume = async (): Promise<void> => {
    if (closing) throw new Error('the service is closed');
    if (!pausing) return;
    await pausing;
    await listen(port);
    pausing = undefined;
  };

  const balanceOf = (apiKey: string): number | undefined => state.balances.get(apiKey);

  const rotateKey = (oldKey: string, newKey: string): void => {
    const balance = state.balances.get(oldKey);
    if (balance === undefined) throw new Error('rotateKey: the old key is not a valid key');
    if (newKey === '' || state.balances.has(newKey)) throw new Error('rotateKey: the new key is taken');
    state.balances.delete(oldKey);
    state.balances.set(newKey, balance);
    const accounts = { ...state.config.accounts, [newKey]: state.config.accounts[oldKey] ?? balance };
    delete accounts[oldKey];
    state.config = { ...state.config, accounts };
    for (const job of state.jobs.all()) if (job.apiKey === oldKey) job.apiKey = newKey;
  };

  const snapshot = (): ServiceSnapshot =>
    structuredClone({
      config: state.config,
      balances: Object.fromEntries(state.balances),
      jobs: state.jobs.all(),
    });

  return {
    url,
    port,
    mediaUrl: mediaHost.url,
    attacker: { url: attacker.url, requests: attacker.requests, clear: attacker.clear },
    configure: applyPatch,
    reset,
    release,
    requests,
    fileRequests: () => fileLog.map((entry) => ({ ...entry })),
    jobs,
    finishJob: (id: string) => state.jobs.finishNow(id, state.now()),
    balanceOf,
    rotateKey,
    snapshot,
    pause,
    resume,
    close,
  };
}
