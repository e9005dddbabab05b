import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { canRequestHostAccess, hostPattern } from '../../utils/host-access';

describe('hostPattern', () => {
  it('leaves out the port, which Firefox refuses in a match pattern and Chrome then matches any of', () => {
    expect(hostPattern('http://127.0.0.1:43123')).toBe('http://127.0.0.1/*');
    expect(hostPattern('https://api.example.com:8443')).toBe('https://api.example.com/*');
  });

  it('keeps the scheme and the host as they are, IPv6 brackets included', () => {
    expect(hostPattern('https://api.example.com')).toBe('https://api.example.com/*');
    expect(hostPattern('http://[::1]:8787')).toBe('http://[::1]/*');
    expect(hostPattern('http://localhost')).toBe('http://localhost/*');
  });
});

describe('canRequestHostAccess', () => {
  afterEach(() => vi.restoreAllMocks());
  const manifest = (permissions: Record<string, string[]>) =>
    vi
      .spyOn(fakeBrowser.runtime, 'getManifest')
      .mockReturnValue({ manifest_version: 3, name: 'x', version: '1', ...permissions });

  it('is true for https hosts the manifest lists as optional (MV3 key, or Firefox MV2 key)', () => {
    manifest({ optional_host_permissions: ['https://*/*'] });
    expect(canRequestHostAccess(['https://cdn.example/a.png', 'https://files.example:8443/b.webm'])).toBe(
      true,
    );
    manifest({ optional_permissions: ['downloads', 'https://*/*'] });
    expect(canRequestHostAccess(['https://cdn.example/a.png'])).toBe(true);
  });

  it('is false when any host could not be asked for: plain http, other schemes, nothing optional', () => {
    manifest({ optional_host_permissions: ['https://*/*'] });
    expect(canRequestHostAccess(['http://127.0.0.2:9000/a.png'])).toBe(false);
    expect(canRequestHostAccess(['https://cdn.example/a.png', 'http://cdn.example/b.png'])).toBe(false);
    expect(canRequestHostAccess(['javascript:alert(1)'])).toBe(false);
    expect(canRequestHostAccess([])).toBe(false);
    manifest({});
    expect(canRequestHostAccess(['https://cdn.example/a.png'])).toBe(false);
  });

  it('follows wildcard schemes and subdomains as the browser does', () => {
    manifest({ optional_host_permissions: ['*://*.example.com/*'] });
    expect(canRequestHostAccess(['http://cdn.example.com/a.png', 'https://a.b.example.com/c'])).toBe(true);
    expect(canRequestHostAccess(['https://example.com/a.png'])).toBe(true);
    expect(canRequestHostAccess(['https://example.org/a.png'])).toBe(false);
  });
});
