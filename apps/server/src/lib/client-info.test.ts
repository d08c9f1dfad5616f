import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-info.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, also when written as an IPv4-mapped IPv6 address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    expect(clientNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(network);
    expect(clientNetwork('2001:0db8:85a3:08d3::1')).toBe(network);
    expect(clientNetwork('2001:db8:85a3:8d3::')).toBe(network);
    expect(clientNetwork('2001:db8:85a3:8d3:ffff::9%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:85a3:8d4::1')).not.toBe(network);
  });

  it('fills the groups a double colon leaves out', () => {
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientNetwork('fe80::')).toBe('fe80:0:0:0::/64');
  });
});
