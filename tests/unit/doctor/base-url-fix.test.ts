import { describe, expect, it } from 'vitest';
import { baseUrlWithoutEndpoint } from '../../../utils/doctor/base-url-fix';

describe('a service URL pasted with an interface path', () => {
  it.each([
    ['https://api.example.com/v1', 'https://api.example.com'],
    ['https://api.example.com/api/', 'https://api.example.com'],
    ['https://api.example.com/gateway/v1/tokens/balance', 'https://api.example.com/gateway'],
    ['  https://api.example.com/api/images/generate  ', 'https://api.example.com'],
    ['https://api.example.com/api/credits/balance', 'https://api.example.com'],
    ['https://api.example.com/v1/videos/job-42', 'https://api.example.com'],
    ['http://127.0.0.1:8080/v1/videos/generate', 'http://127.0.0.1:8080'],
  ])('%s is offered as %s', (pasted, fixed) => {
    expect(baseUrlWithoutEndpoint(pasted)).toBe(fixed);
  });

  it.each([
    'https://api.example.com',
    'https://api.example.com/gateway',
    'https://api.example.com/v1beta',
    'https://api.example.com/v1/unknown/thing',
    'https://apiv1.example.com/',
    'not a url',
  ])('%s is left alone', (value) => {
    expect(baseUrlWithoutEndpoint(value)).toBeUndefined();
  });
});
