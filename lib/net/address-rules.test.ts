import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkHost,
  checkUrl,
  classifyIp,
  type OutboundPolicy,
  parseIp,
  parseIpv4,
  parseIpv6,
} from './address-rules';

const localUser: OutboundPolicy = { mode: 'local', addedBy: 'user' };
const hostedUser: OutboundPolicy = { mode: 'hosted', addedBy: 'user' };
const hostedOperator: OutboundPolicy = { mode: 'hosted', addedBy: 'operator' };
const localOperator: OutboundPolicy = { mode: 'local', addedBy: 'operator' };
const EVERY_POLICY = [localUser, hostedUser, localOperator, hostedOperator];

/** Refused for every server, in every mode. Each row: [name, host as written, kind]. */
const ALWAYS: Array<[string, string, string]> = [
  ['1: refuses 169.254.169.254 (cloud metadata) dotted', '169.254.169.254', 'link-local'],
  ['2: refuses the bottom of 169.254.0.0/16', '169.254.0.1', 'link-local'],
  ['3: refuses the top of 169.254.0.0/16', '169.254.255.255', 'link-local'],
  ['4: refuses 169.254.170.2 (container metadata)', '169.254.170.2', 'link-local'],
  ['5: refuses fe80::1 (IPv6 link-local)', 'fe80::1', 'link-local'],
  ['6: refuses the top of fe80::/10', 'febf:ffff::1', 'link-local'],
  ['7: refuses fe80::1 in brackets with a zone', '[fe80::1%25eth0]', 'link-local'],
  ['8: refuses 169.254.169.254 IPv4-mapped dotted', '::ffff:169.254.169.254', 'link-local'],
  ['9: refuses 169.254.169.254 IPv4-mapped hex', '::ffff:a9fe:a9fe', 'link-local'],
  ['10: refuses 169.254.169.254 IPv4-mapped in URL brackets', '[::ffff:a9fe:a9fe]', 'link-local'],
  ['11: refuses 169.254.169.254 IPv4-mapped written out in full', '0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
  ['12: refuses 169.254.169.254 IPv4-compatible', '::169.254.169.254', 'link-local'],
  ['13: refuses 169.254.169.254 IPv4-compatible hex', '::a9fe:a9fe', 'link-local'],
  ['14: refuses 169.254.169.254 through NAT64 64:ff9b::/96', '64:ff9b::a9fe:a9fe', 'link-local'],
  ['15: refuses 169.254.169.254 through NAT64 dotted', '64:ff9b::169.254.169.254', 'link-local'],
  ['16: refuses 169.254.169.254 in decimal spelling', '2852039166', 'link-local'],
  ['17: refuses 169.254.169.254 in hex spelling', '0xa9fea9fe', 'link-local'],
  ['18: refuses 169.254.169.254 in octal spelling', '0251.0376.0251.0376', 'link-local'],
  ['19: refuses 169.254.169.254 in short spelling a.b.c', '169.254.43518', 'link-local'],
  ['20: refuses 169.254.169.254 in short spelling a.b', '169.16689662', 'link-local'],
  ['21: refuses 169.254.169.254 in mixed hex and octal parts', '0xa9.0376.0xa9.254', 'link-local'],
  ['22: refuses 169.254.169.254 with a trailing dot', '169.254.169.254.', 'link-local'],
  ['23: refuses 169.254.169.254 IPv4-translated (SIIT)', '::ffff:0:a9fe:a9fe', 'link-local'],
  ['24: refuses 169.254.169.254 through 6to4', '2002:a9fe:a9fe::1', 'link-local'],
  ['25: refuses 169.254.169.254 through Teredo', '2001:0:4136:e378:8000:63bf:5601:5601', 'link-local'],
  ['26: refuses 0.0.0.0', '0.0.0.0', 'unspecified'],
  ['27: refuses 0.0.0.0/8 (0.1.2.3)', '0.1.2.3', 'unspecified'],
  ['28: refuses 0 in decimal spelling', '0', 'unspecified'],
  ['29: refuses :: (unspecified)', '::', 'unspecified'],
  ['30: refuses ::ffff:0.0.0.0', '::ffff:0.0.0.0', 'unspecified'],
  ['31: refuses fd00:ec2::254 (AWS IPv6 metadata)', 'fd00:ec2::254', 'metadata'],
  ['32: refuses 100.100.100.200 (Alibaba metadata)', '100.100.100.200', 'metadata'],
  ['33: refuses 168.63.129.16 (Azure wire server)', '168.63.129.16', 'metadata'],
  ['34: refuses 100.100.100.200 IPv4-mapped', '::ffff:6464:64c8', 'metadata'],
  ['35: refuses multicast 224.0.0.1', '224.0.0.1', 'not-unicast'],
  ['36: refuses broadcast 255.255.255.255', '255.255.255.255', 'not-unicast'],
  ['37: refuses IPv6 multicast ff02::1', 'ff02::1', 'not-unicast'],
];

/** Refused only for servers added over the API in hosted mode. */
const LOCAL_NETWORKS: Array<[string, string, string]> = [
  ['40: loopback 127.0.0.1', '127.0.0.1', 'loopback'],
  ['41: loopback 127.255.255.254', '127.255.255.254', 'loopback'],
  ['42: loopback in decimal spelling 2130706433', '2130706433', 'loopback'],
  ['43: loopback in short spelling 127.1', '127.1', 'loopback'],
  ['44: loopback in hex spelling 0x7f000001', '0x7f000001', 'loopback'],
  ['45: loopback ::1', '::1', 'loopback'],
  ['46: loopback IPv4-mapped ::ffff:127.0.0.1', '::ffff:127.0.0.1', 'loopback'],
  ['47: loopback IPv4-mapped hex ::ffff:7f00:1', '[::ffff:7f00:1]', 'loopback'],
  ['48: private 10.0.0.1', '10.0.0.1', 'private'],
  ['49: private 10.255.255.255', '10.255.255.255', 'private'],
  ['50: private 172.16.0.1', '172.16.0.1', 'private'],
  ['51: private 172.31.255.255', '172.31.255.255', 'private'],
  ['52: private 192.168.1.1', '192.168.1.1', 'private'],
  ['53: private 192.168.1.1 IPv4-mapped', '::ffff:c0a8:101', 'private'],
  ['54: private 10.0.0.1 through NAT64', '64:ff9b::a00:1', 'private'],
  ['55: shared 100.64.0.1', '100.64.0.1', 'shared'],
  ['56: shared 100.127.255.255', '100.127.255.255', 'shared'],
  ['57: unique local fc00::1', 'fc00::1', 'private'],
  ['58: unique local fd12:3456::1', 'fd12:3456::1', 'private'],
];

const PUBLIC: Array<[string, string]> = [
  ['60: allows 93.184.215.14', '93.184.215.14'],
  ['61: allows 172.15.255.255 (just below 172.16/12)', '172.15.255.255'],
  ['62: allows 172.32.0.1 (just above 172.16/12)', '172.32.0.1'],
  ['63: allows 100.63.255.255 (just below 100.64/10)', '100.63.255.255'],
  ['64: allows 100.128.0.1 (just above 100.64/10)', '100.128.0.1'],
  ['65: allows 169.253.255.255 (just below 169.254/16)', '169.253.255.255'],
  ['66: allows 169.255.0.1 (just above 169.254/16)', '169.255.0.1'],
  ['67: allows 2606:4700::1111', '2606:4700::1111'],
  ['68: allows fe00::1 (outside fe80::/10 and fc00::/7)', 'fe00::1'],
  ['69: allows 8.8.8.8 IPv4-mapped', '::ffff:808:808'],
];

describe('outbound requests: addresses refused always', () => {
  for (const [name, host, kind] of ALWAYS) {
    it(name, () => {
      for (const policy of EVERY_POLICY) {
        const verdict = checkHost(host, policy);
        expect(verdict).toMatchObject({ ok: false, kind });
        if (!verdict.ok) expect(verdict.message).toMatch(/^refused: .+; the host never connects there$/);
      }
    });
  }
});

describe('outbound requests: loopback and private networks', () => {
  for (const [name, host, kind] of LOCAL_NETWORKS) {
    it(`${name}: refused for a server added over the API in hosted mode, allowed otherwise`, () => {
      const refused = checkHost(host, hostedUser);
      expect(refused).toMatchObject({ ok: false, kind });
      if (!refused.ok) expect(refused.message).toMatch(/hosted mode .* host\.config\.json/);
      expect(checkHost(host, localUser)).toEqual({ ok: true });
      expect(checkHost(host, localOperator)).toEqual({ ok: true });
      expect(checkHost(host, hostedOperator)).toEqual({ ok: true });
    });
  }
});

describe('outbound requests: public addresses', () => {
  for (const [name, host] of PUBLIC) {
    it(name, () => {
      for (const policy of EVERY_POLICY) expect(checkHost(host, policy)).toEqual({ ok: true });
    });
  }
});

describe('outbound requests: names', () => {
  it('70: refuses metadata.google.internal (any case, trailing dot)', () => {
    for (const host of [
      'metadata.google.internal',
      'METADATA.Google.Internal.',
      'metadata',
      'metadata.goog',
    ]) {
      expect(checkHost(host, localOperator)).toMatchObject({ ok: false, kind: 'metadata' });
    }
  });

  it('71: other names are allowed subject to what they resolve to', () => {
    expect(checkHost('example.com', hostedUser)).toEqual({ ok: true, resolve: true });
    expect(checkHost('localhost', hostedUser)).toEqual({ ok: true, resolve: true });
  });

  it('72: refuses schemes other than http and https', () => {
    expect(checkUrl(new URL('file:///etc/passwd'), localOperator)).toMatchObject({
      ok: false,
      kind: 'scheme',
    });
    expect(checkUrl(new URL('ftp://example.com/'), localOperator)).toMatchObject({
      ok: false,
      kind: 'scheme',
    });
  });

  it('73: the URL parser and the rules agree on every spelling (WHATWG normalizes, the rules still catch it)', () => {
    for (const written of [
      '2852039166',
      '0xa9fea9fe',
      '0251.0376.0251.0376',
      '169.254.43518',
      '[::ffff:a9fe:a9fe]',
    ]) {
      const url = new URL(`http://${written}/`);
      expect(checkUrl(url, localUser)).toMatchObject({ ok: false, kind: 'link-local' });
    }
  });

  it('74: the message names the rule and the address, e.g. for the metadata address', () => {
    expect(checkAddress('169.254.169.254', localUser)).toEqual({
      ok: false,
      kind: 'link-local',
      message:
        'refused: 169.254.169.254 is a link-local address (cloud metadata lives there); the host never connects there',
    });
    const mapped = checkHost('::ffff:a9fe:a9fe', localUser);
    expect(mapped.ok ? '' : mapped.message).toContain(
      '::ffff:a9fe:a9fe (IPv4-mapped form of 169.254.169.254)',
    );
  });
});

describe('parsing', () => {
  it('parses IPv4 spellings as inet_aton does and rejects out-of-range parts', () => {
    expect(parseIpv4('1.2.3.4')).toEqual([1, 2, 3, 4]);
    expect(parseIpv4('1.2.772')).toEqual([1, 2, 3, 4]);
    expect(parseIpv4('0x01.02.3.4')).toEqual([1, 2, 3, 4]);
    expect(parseIpv4('4294967295')).toEqual([255, 255, 255, 255]);
    expect(parseIpv4('4294967296')).toBeNull();
    expect(parseIpv4('256.1.1.1')).toBeNull();
    expect(parseIpv4('1.2.3.256')).toBeNull();
    expect(parseIpv4('08.1.1.1')).toBeNull();
    expect(parseIpv4('1.2.3.4.5')).toBeNull();
    expect(parseIpv4('example')).toBeNull();
    expect(parseIp('example.com')).toBeNull();
  });

  it('parses IPv6 forms and rejects malformed ones', () => {
    expect(parseIpv6('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')?.length).toBe(16);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')?.slice(12)).toEqual([1, 2, 3, 4]);
    expect(parseIpv6('1::2::3')).toBeNull();
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIpv6('1:2:3:4:5:6:7')).toBeNull();
    expect(parseIpv6('12345::1')).toBeNull();
    expect(parseIpv6('::1.2.3.256')).toBeNull();
  });

  it('classifies with the usual spelling', () => {
    const ip = parseIp('0:0:0:0:0:0:0:1');
    expect(ip && classifyIp(ip)).toEqual({ kind: 'loopback', text: '::1' });
  });
});
