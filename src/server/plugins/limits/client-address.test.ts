import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-address';

describe('addressBucket', () => {
  it('counts IPv4 per address, also when mapped into IPv6', () => {
    expect(addressBucket('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
  });

  it('counts IPv6 per /64, whatever the spelling', () => {
    const bucket = 'address:2001:db8:0:1::/64';
    expect(addressBucket('2001:db8:0:1::1')).toBe(bucket);
    expect(addressBucket('2001:0DB8:0000:0001:ffff:1:2:3')).toBe(bucket);
    expect(addressBucket('2001:db8::1:0:0:0:9')).toBe(bucket);
    expect(addressBucket('fe80::1%eth0')).toBe('address:fe80:0:0:0::/64');
    expect(addressBucket('::1')).toBe('address:0:0:0:0::/64');
    expect(addressBucket('2001:db8:0:2::1')).not.toBe(bucket);
  });
});
