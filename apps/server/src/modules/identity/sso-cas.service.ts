import { XMLParser } from 'fast-xml-parser';
import type { CasConfig } from '../../config.ts';
import type { AppContext } from '../../platform/app-context.ts';
import type { IdentityService, IssuedSession } from './identity.service.ts';
import { sessionsRepository } from './sessions.repository.ts';
import type { SsoAccountsService, SsoIdentity } from './sso-accounts.service.ts';
import { publicUrl, SsoError } from './sso-flow.ts';
import { ssoRepository } from './sso.repository.ts';

/** The callback CAS sends the browser back to, and the only `service` we ever name (decision 0013). */
export const CAS_CALLBACK_PATH = '/api/sso/cas/callback';

const VALIDATE_TIMEOUT_MS = 10_000;

/** CAS protocol §3.1: service tickets begin with "ST-"; printable ASCII, at most 256 characters. */
const SERVICE_TICKET = /^ST-[\x21-\x7e]{1,253}$/;

// Values stay strings (a user number "00123" must not become 123); namespaces are dropped so `cas:user`
// and `user` read the same whatever prefix the server chose.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

type XmlNode = Record<string, unknown>;

/** The text of an element, or of the first of a repeated (multi-valued) one. */
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as XmlNode)['#text']);
  return undefined;
}

function parseXml(xml: string): XmlNode | undefined {
  // CAS never sends a document type; refusing one leaves no room for entity expansion tricks.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return undefined;
  try {
    return parser.parse(xml) as XmlNode;
  } catch {
    return undefined;
  }
}

export type CasValidation = { user: string; attributes: Record<string, string | undefined> };

/** Reads a serviceValidate answer (CAS 2.0 and 3.0 share the shape; 3.0 adds `attributes`). */
export function parseServiceResponse(xml: string): CasValidation {
  const response = parseXml(xml)?.['serviceResponse'] as XmlNode | undefined;
  if (!response) throw new SsoError('sso_unavailable', 'the CAS server sent no serviceResponse');
  const failure = response['authenticationFailure'];
  if (failure !== undefined) {
    const code = (failure as XmlNode | null)?.['@_code'];
    throw new SsoError('sso_failed', `CAS refused the ticket: ${String(code)} ${textOf(failure) ?? ''}`);
  }
  const success = response['authenticationSuccess'] as XmlNode | undefined;
  const user = textOf(success?.['user']);
  if (!success || !user) throw new SsoError('sso_unavailable', 'the CAS answer names no user');
  const attributes: Record<string, string | undefined> = {};
  const raw = success['attributes'];
  if (raw && typeof raw === 'object') {
    for (const [name, value] of Object.entries(raw as XmlNode)) attributes[name] = textOf(value);
  }
  return { user, attributes };
}

/** The ticket a single-logout request names (SAML LogoutRequest, SessionIndex). */
export function parseLogoutRequest(xml: string): string | undefined {
  const request = parseXml(xml)?.['LogoutRequest'] as XmlNode | undefined;
  return textOf(request?.['SessionIndex']);
}

export function casIdentity(cas: CasConfig, validation: CasValidation): SsoIdentity {
  return {
    userNo: cas.userNoAttribute ? validation.attributes[cas.userNoAttribute] : validation.user,
    name: validation.attributes[cas.nameAttribute],
    email: validation.attributes[cas.emailAttribute],
  };
}

/** Lectern as a CAS client: redirect, ticket validation, single logout. */
export function casService(
  ctx: AppContext,
  cas: CasConfig,
  identity: IdentityService,
  accounts: SsoAccountsService,
) {
  const tickets = ssoRepository(ctx.db);
  const sessionsRepo = sessionsRepository(ctx.db);
  const service = publicUrl(ctx.config, CAS_CALLBACK_PATH);
  const validatePath = cas.version === 3 ? '/p3/serviceValidate' : '/serviceValidate';

  async function validate(ticket: string): Promise<CasValidation> {
    const url = new URL(`${cas.url}${validatePath}`);
    url.searchParams.set('service', service);
    url.searchParams.set('ticket', ticket);
    let xml: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      xml = await response.text();
    } catch (error) {
      throw new SsoError('sso_unavailable', `CAS ticket validation failed: ${String(error)}`);
    }
    return parseServiceResponse(xml);
  }

  return {
    /** The CAS login page, asked to return to our callback and nothing else. */
    loginUrl(): string {
      const url = new URL(`${cas.url}/login`);
      url.searchParams.set('service', service);
      return url.toString();
    },

    async signIn(ticket: string | undefined): Promise<IssuedSession> {
      if (!ticket || !SERVICE_TICKET.test(ticket)) throw new SsoError('sso_failed', 'no service ticket');
      // CAS servers refuse a second validation too; this also holds against one that does not.
      if ((await tickets.sessionOf(ticket)) !== undefined) {
        throw new SsoError('sso_failed', 'the service ticket was already used');
      }
      const user = await accounts.accountFor(casIdentity(cas, await validate(ticket)));
      const session = await identity.issueSession(user.id);
      if (!(await tickets.claim(ticket, session.sessionId))) {
        await sessionsRepo.delete(session.sessionId);
        throw new SsoError('sso_failed', 'the service ticket was already used');
      }
      return session;
    },

    /**
     * Ends the session a ticket opened. CAS posts this from its server, without our cookie; the ticket
     * itself (a secret only CAS and that browser saw) is what names the session.
     */
    async singleLogout(logoutRequest: string | undefined): Promise<void> {
      const ticket = logoutRequest ? parseLogoutRequest(logoutRequest) : undefined;
      if (!ticket) return;
      const sessionId = await tickets.sessionOf(ticket);
      if (sessionId) await sessionsRepo.delete(sessionId);
    },
  };
}
