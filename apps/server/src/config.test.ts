import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const secret = 'x'.repeat(40);
const temporaryDirectories: string[] = [];
function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'crossbuy-config-'));
  temporaryDirectories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ SESSION_SECRET: secret });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      appCurrency: 'SGD',
      demoData: true,
      admin: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      maxAddressesPerUser: 10,
      shopperLimits: {
        maxUnpaidOrders: 5,
        maxUnitsHeldPerItem: 20,
        maxOrdersPerHour: 10,
        maxOpenCheckouts: 20,
      },
      refreshReuseGraceSeconds: 10,
      mailPollSeconds: 15,
      redisUrl: undefined,
      redisKeyPrefix: 'crossbuy:',
    });
    expect(config.dataDir).toBe(path.resolve('.data'));
  });

  it('parses every kind of value', () => {
    const config = loadConfig({
      SESSION_SECRET: secret,
      PORT: '8080',
      DATABASE_URL: 'postgres://db/crossbuy',
      DEMO_DATA: 'off',
      APP_CURRENCY: 'JPY',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'Secret-123',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1:3402, Localhost,[::1]:8080',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://db/crossbuy',
      demoData: false,
      appCurrency: 'JPY',
      admin: { email: 'ops@example.com', password: 'Secret-123' },
      outboundAllowHosts: ['127.0.0.1:3402', 'localhost', '[::1]:8080'],
      trustProxy: 2,
    });
  });

  it('refuses an outbound allow list that is not host or host:port entries', () => {
    for (const value of ['http://127.0.0.1:3402', '127.0.0.1:port', 'shop.example/path', 'a,,b']) {
      expect(() => loadConfig({ SESSION_SECRET: secret, OUTBOUND_ALLOW_HOSTS: value })).toThrowError(
        /OUTBOUND_ALLOW_HOSTS/,
      );
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SESSION_SECRET: secret, DATABASE_URL: '', SMTP_URL: '  ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('reports every bad variable by name at once', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, PORT: 'eighty', APP_CURRENCY: 'XXX' })).toThrowError(
      /PORT[\s\S]*APP_CURRENCY/,
    );
  });

  it('runs every role in one process unless SERVER_ROLE says otherwise, and a single role only on PostgreSQL', () => {
    expect(loadConfig({ SESSION_SECRET: secret })).toMatchObject({ role: 'all', drainSeconds: 0 });
    const database = { SESSION_SECRET: secret, DATABASE_URL: 'postgres://127.0.0.1/crossbuy' };
    expect(loadConfig({ ...database, SERVER_ROLE: 'web', DRAIN_SECONDS: '5' })).toMatchObject({
      role: 'web',
      drainSeconds: 5,
    });
    expect(loadConfig({ ...database, SERVER_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ SESSION_SECRET: secret, SERVER_ROLE: 'worker' })).toThrowError(
      /SERVER_ROLE=worker needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...database, SERVER_ROLE: 'cron' })).toThrowError(/SERVER_ROLE/);
    expect(() => loadConfig({ ...database, DRAIN_SECONDS: '-1' })).toThrowError(/DRAIN_SECONDS/);
  });

  it('serves metrics only when METRICS_PORT is set, on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ SESSION_SECRET: secret }).metrics).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: secret, METRICS_PORT: ' ' }).metrics).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: secret, METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      loadConfig({ SESSION_SECRET: secret, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics?.host,
    ).toBe('0.0.0.0');
    expect(() => loadConfig({ SESSION_SECRET: secret, METRICS_PORT: 'ninety' })).toThrowError(/METRICS_PORT/);
  });

  it('keeps pictures on the disk unless all four bucket settings are given', () => {
    expect(loadConfig({ SESSION_SECRET: secret, DATA_DIR: '/srv/crossbuy' }).pictures).toEqual({
      kind: 'disk',
      directory: '/srv/crossbuy/images',
    });
    const bucket = {
      PICTURES_S3_BUCKET: 'pictures',
      PICTURES_S3_ENDPOINT: 'https://s3.example.com/',
      PICTURES_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      PICTURES_S3_SECRET_ACCESS_KEY: 'secret-example',
    };
    expect(loadConfig({ SESSION_SECRET: secret, ...bucket }).pictures).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.com',
      bucket: 'pictures',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
    });
    expect(() =>
      loadConfig({ SESSION_SECRET: secret, ...bucket, PICTURES_S3_SECRET_ACCESS_KEY: '' }),
    ).toThrowError(/must be set together/);
    expect(() =>
      loadConfig({ SESSION_SECRET: secret, ...bucket, PICTURES_S3_ENDPOINT: 'ftp://s3.example.com' }),
    ).toThrowError(/PICTURES_S3_ENDPOINT/);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, ADMIN_EMAIL: 'ops@example.com' })).toThrowError(
      ConfigError,
    );
  });

  it('requires the captcha secret and site key together, and keeps them as one setting', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, RECAPTCHA_SECRET: 'captcha-secret' })).toThrowError(
      /RECAPTCHA_SITE_KEY/,
    );
    expect(
      loadConfig({
        SESSION_SECRET: secret,
        RECAPTCHA_SECRET: 'captcha-secret',
        RECAPTCHA_SITE_KEY: 'site-key',
      }).recaptcha,
    ).toEqual({ siteKey: 'site-key', secret: 'captcha-secret' });
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: temporaryDirectory() })).toThrowError(
      /SESSION_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrowError(ConfigError);
  });

  it('makes a development secret once and keeps it in the data directory', () => {
    const dataDir = temporaryDirectory();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('reads the account settings and refuses nonsense', () => {
    const config = loadConfig({
      SESSION_SECRET: secret,
      MAX_ADDRESSES_PER_USER: '25',
      REFRESH_REUSE_GRACE_SECONDS: '0',
      MAIL_POLL_SECONDS: '60',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'shop-a:',
    });
    expect(config).toMatchObject({
      maxAddressesPerUser: 25,
      refreshReuseGraceSeconds: 0,
      mailPollSeconds: 60,
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'shop-a:',
    });
    expect(() => loadConfig({ SESSION_SECRET: secret, MAX_ADDRESSES_PER_USER: '0' })).toThrow(
      /MAX_ADDRESSES_PER_USER/,
    );
    expect(
      loadConfig({ SESSION_SECRET: secret, MAX_UNPAID_ORDERS: '2', MAX_OPEN_CHECKOUTS: '10000' })
        .shopperLimits,
    ).toMatchObject({ maxUnpaidOrders: 2, maxOpenCheckouts: 10_000 });
    expect(() => loadConfig({ SESSION_SECRET: secret, MAX_ORDERS_PER_HOUR: '10001' })).toThrow(
      /MAX_ORDERS_PER_HOUR/,
    );
  });
});
