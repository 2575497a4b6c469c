import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './calendar-fetch-policy';

describe('isPrivateAddress', () => {
  it.each([
    // loopback and "this network"
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['0.0.0.0', true],
    ['0.255.1.2', true],
    // private ranges and their edges
    ['10.0.0.1', true],
    ['10.255.255.255', true],
    ['11.0.0.1', false],
    ['9.255.255.255', false],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.15.255.255', false],
    ['172.32.0.0', false],
    ['192.168.1.10', true],
    ['192.169.0.1', false],
    ['192.167.255.255', false],
    // link-local (cloud metadata) and carrier-grade NAT
    ['169.254.169.254', true],
    ['169.255.0.1', false],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['100.63.255.255', false],
    ['100.128.0.0', false],
    // public
    ['8.8.8.8', false],
    ['142.250.72.14', false],
    ['1.1.1.1', false],
    // IPv6
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::', true],
    ['fc00::1', true],
    ['fd12:3456:789a::1', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['febf:ffff::1', true],
    ['fec0::1', false],
    ['fbff::1', false],
    ['2001:4860:4860::8888', false],
    ['2606:4700:4700::1111', false],
    // IPv4-mapped, -compatible, NAT64 and 6to4 forms of private and public addresses
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.1.2.3', true],
    ['::FFFF:192.168.0.1', true],
    ['::ffff:7f00:1', true],
    ['0:0:0:0:0:ffff:a9fe:a9fe', true],
    ['::ffff:8.8.8.8', false],
    ['::127.0.0.1', true],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::8.8.8.8', false],
    ['2002:c0a8:0101::1', true],
    ['2002:0808:0808::1', false],
    // not addresses
    ['localhost', false],
    ['', false],
    ['256.0.0.1', false],
    ['10.0.0', false],
    ['010.0.0.1', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1::2::3', false],
    ['::ffff:999.0.0.1', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});
