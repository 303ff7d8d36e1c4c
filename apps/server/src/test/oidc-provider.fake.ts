import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

type Claims = Record<string, string>;

export type OidcProviderFake = {
  /** The issuer, as LECTERN_OIDC_ISSUER takes it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * The person who signs in at the provider's login step next, with the claims it releases for them, in
   * a fresh browser (no provider session left from the previous person).
   */
  signInAs(accountId: string, claims: Claims): void;
  /**
   * Plays the browser at the provider: follows redirects by real HTTP, keeping the provider's cookies,
   * until one leads back to `returnOrigin`; answers that URL (Lectern's callback).
   */
  browse(url: string, returnOrigin: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (node-oidc-provider) on a random local port, with one confidential
 * client registered for `redirectUri`. Its login step signs in whoever `signInAs` named, and consent is
 * granted for the client, so a test drives the real authorization code flow without forms.
 */
export async function startOidcProvider(redirectUri: string): Promise<OidcProviderFake> {
  const accounts = new Map<string, Claims>();
  let current: string | null = null;
  const clientId = 'lectern';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'student_number'],
      email: ['email'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
  });

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      void provider.callback()(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!current) throw new Error('nobody is signed in at the provider: call signInAs');
        await provider.interactionFinished(req, res, { login: { accountId: current } });
        return;
      }
      const accountId = details.session?.accountId ?? '';
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });

  const jar = new Map<string, string>();
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(accountId, claims) {
      accounts.set(accountId, claims);
      current = accountId;
      // Someone else at the browser: the provider's own session (its cookies) belongs to the last person.
      jar.clear();
    },
    async browse(url, returnOrigin) {
      let next = url;
      for (let hop = 0; hop < 10; hop += 1) {
        if (new URL(next).origin === returnOrigin) return next;
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          const value = pair.slice(at + 1);
          if (value) jar.set(pair.slice(0, at), value);
          else jar.delete(pair.slice(0, at));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${next}: ${res.status} ${await res.text()}`);
        next = new URL(location, next).toString();
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
