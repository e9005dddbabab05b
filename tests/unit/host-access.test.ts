import { describe, expect, it } from 'vitest';
import { hostPattern } from '../../utils/host-access';

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
