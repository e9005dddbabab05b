/**
 * Fault injection for interface requests. Rules are evaluated in order: latency rules add
 * delay and let evaluation continue (so a slow answer can also be a failing one); the
 * first other matching rule decides the response.
 */
import { API_KEY_PLACEHOLDER, type FaultAction, type FaultRule } from './config';
import type { Reply } from './http';
import { text } from './http';

export interface FaultDecision {
  delayMs: number;
  /** undefined = handle the request normally after the delay. */
  action?: Exclude<FaultAction, { type: 'latency' }>;
}

export class FaultBook {
  #rules: FaultRule[] = [];
  /** Parallel to #rules; kept outside the rule objects so callers' objects stay untouched. */
  #hits: number[] = [];

  constructor(private random: () => number = Math.random) {}

  /** Replaces the source of randomness, e.g. with `seededRandom(seed)` for a reproducible run. */
  setRandom(random: () => number): void {
    this.random = random;
  }

  /** Replacing the rules restarts every rule's count, as a fresh rule set should. */
  setRules(rules: FaultRule[]): void {
    this.#rules = rules;
    this.#hits = rules.map(() => 0);
  }

  decide(method: string, path: string): FaultDecision {
    let delayMs = 0;
    for (const [i, rule] of this.#rules.entries()) {
      if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (rule.pathPrefix !== undefined && !path.startsWith(rule.pathPrefix)) continue;
      const hits = this.#hits[i] ?? 0;
      if (rule.count !== undefined && hits >= rule.count) continue;
      if (this.random() >= (rule.probability ?? 1)) continue;
      this.#hits[i] = hits + 1;
      if (rule.action.type === 'latency') {
        delayMs += rule.action.ms;
        continue;
      }
      return { delayMs, action: rule.action };
    }
    return { delayMs };
  }
}

/** A small deterministic generator (mulberry32): values in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fills in API_KEY_PLACEHOLDER with the request's key, wherever a fault body, a fault header (a redirect's
 * Location) or an override put it: the service then quotes the key back, as a careless or hostile one
 * would. In a JSON body it is escaped as JSON.
 */
export function echoKey(reply: Reply, apiKey: string): Reply {
  const fill = (value: string, asJson: boolean): string =>
    value.replaceAll(API_KEY_PLACEHOLDER, asJson ? JSON.stringify(apiKey).slice(1, -1) : apiKey);
  const headers = Object.fromEntries(
    Object.entries(reply.headers).map(([name, value]) => [name, fill(value, false)]),
  );
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
  const inJson = contentType?.[1].toLowerCase().includes('json') ?? false;
  const body = typeof reply.body === 'string' ? fill(reply.body, inJson) : reply.body;
  return { ...reply, headers, body };
}

/** The reply for a terminal fault; 'hang' has none, the caller simply never answers. */
export function faultReply(action: Exclude<FaultAction, { type: 'latency' | 'hang' | 'hold' }>): Reply {
  switch (action.type) {
    case 'status':
      return text(action.status, action.body ?? `Injected fault: HTTP ${action.status}`, action.headers);
    case 'redirect':
      return text(action.status, `Moved to ${action.location}`, { Location: action.location });
    case 'malformed':
      // Truncated mid-object: looks like JSON to a content-type check, fails to parse.
      return {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: '{"tokensBalance": 12, "url": "htt',
      };
    case 'html200':
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream server is temporarily unavailable.</p></body></html>',
      };
  }
}
