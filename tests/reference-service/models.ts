/**
 * Models: each model id the service is asked for has its own price, time and image colour (config
 * `models`), so a comparison of models in the extension has something real to compare.
 */
import type { ModelConfig, ReferenceConfig } from './config';
import { parseJsonObject } from './validation';

/** The `model` field of a request body, when it is a string; a body that does not parse has none. */
export function requestModel(body: string): string | undefined {
  const parsed = parseJsonObject(body);
  return parsed.ok && typeof parsed.value.model === 'string' ? parsed.value.model : undefined;
}

function modelConfig(config: ReferenceConfig, model: string | undefined): ModelConfig {
  // Own keys only: a model id such as "constructor" must not reach Object.prototype.
  return model !== undefined && Object.hasOwn(config.models, model) ? (config.models[model] ?? {}) : {};
}

export function imageCostOf(config: ReferenceConfig, model: string | undefined): number {
  return modelConfig(config, model).imageCost ?? config.imageCost;
}

export function videoCostOf(config: ReferenceConfig, model: string | undefined): number {
  return modelConfig(config, model).videoCost ?? config.videoCost;
}

export function videoDurationOf(config: ReferenceConfig, model: string | undefined): number {
  return modelConfig(config, model).videoDurationMs ?? config.videoDurationMs;
}

/** The model's own wait before an answer, on top of the service-wide latency. */
export function modelLatencyOf(config: ReferenceConfig, body: string): number {
  return modelConfig(config, requestModel(body)).latencyMs ?? 0;
}

/**
 * The six hex digits of the colour a model's images carry in their centre: the configured swatch, else
 * one derived from the model id (a full-saturation hue, so two models rarely look alike).
 */
export function modelSwatch(config: ReferenceConfig, model: string): string {
  const configured = modelConfig(config, model).swatch;
  if (configured) return configured.slice(1).toLowerCase();
  let hash = 0;
  for (const ch of model) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const channel = (offset: number): number => {
    const k = (offset + hue / 60) % 6;
    return Math.round(255 * (1 - Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)].map((value) => value.toString(16).padStart(2, '0')).join('');
}

/** A swatch's red, green and blue, as a test compares pixels with. */
export function swatchRgb(swatch: string): [number, number, number] {
  const channel = (at: number): number => Number.parseInt(swatch.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

/** One line per model, as `npm start` and `npm run serve` print them, so a person knows what to compare. */
export function describeModels(models: Record<string, ModelConfig>): string {
  const lines = Object.entries(models).map(
    ([id, model]) =>
      `  ${id}: image ${model.imageCost ?? 'default'} credits, video ${model.videoCost ?? 'default'} credits, ` +
      `answers after ${model.latencyMs ?? 0} ms, videos take ${model.videoDurationMs ?? 'the default'} ms`,
  );
  return lines.length === 0 ? 'Models: any id, all alike' : ['Models:', ...lines].join('\n');
}
