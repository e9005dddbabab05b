import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { requestServiceAccess } from '../../../utils/ui/permissions';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('asking for access to a service or backup address', () => {
  it('asks for nothing on plain-http loopback, which the manifest grants', () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request');
    for (const url of ['http://127.0.0.1:8787/', 'http://localhost:9000/dav/', 'http://[::1]:3000'])
      expect(requestServiceAccess(url), url).toEqual({ needed: false });
    expect(request).not.toHaveBeenCalled();
  });

  it('asks for https on this computer, which the manifest does not grant, without the port', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true);
    const asked = requestServiceAccess('https://127.0.0.1:8443/dav/');
    expect(asked).toMatchObject({ needed: true, origin: 'https://127.0.0.1:8443' });
    expect(asked.needed && (await asked.granted)).toBe(true);
    expect(request).toHaveBeenCalledWith({ origins: ['https://127.0.0.1/*'] });
  });
});
