/**
 * `npm run serve`: runs the reference service as a standalone process for manual testing
 * and for e2e suites that drive it through /__control/.
 *
 * Env: PORT (default 8787), REFERENCE_CONFIG (JSON partial config; without `models`, the demo models).
 */
import { ConfigError, DEMO_MODELS, parseConfigPatch, type ReferenceConfig } from './config';
import { describeModels } from './models';
import { DEMO_API_KEY, startReferenceService } from './server';

function fail(message: string): never {
  console.error(`reference-service: ${message}`);
  process.exit(1);
}

function readPort(): number {
  const raw = process.env.PORT ?? '8787';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`PORT must be an integer 0..65535, got ${raw}`);
  return port;
}

function readConfig(): Partial<ReferenceConfig> {
  const raw = process.env.REFERENCE_CONFIG;
  if (raw === undefined || raw.trim() === '') return {};
  try {
    return parseConfigPatch(JSON.parse(raw));
  } catch (error) {
    if (error instanceof SyntaxError) fail(`REFERENCE_CONFIG is not valid JSON: ${error.message}`);
    if (error instanceof ConfigError) fail(`REFERENCE_CONFIG is invalid: ${error.message}`);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The demo models unless the config names its own, so a comparison works out of the box.
  const models = config.models ?? DEMO_MODELS;
  const service = await startReferenceService({
    port: readPort(),
    host: '127.0.0.1',
    config: { ...config, models },
  });
  console.log(`Reference service listening on ${service.url}`);
  console.log(`Demo API key: ${DEMO_API_KEY}`);
  console.log(describeModels(models));
  console.log(`Control: ${service.url}/__control/{log,jobs,attacker,config,reset}`);
  console.log(`Attacker listener: ${service.attacker.url}`);
  console.log(`Media host (filesOrigin "media", no CORS): ${service.mediaUrl}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, shutting down`);
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
