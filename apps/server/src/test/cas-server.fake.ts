import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Attributes = Record<string, string | string[]>;
type Ticket = { service: string; user: string; attributes: Attributes; used: boolean };

export type CasServerFake = {
  /** The CAS base URL, as LECTERN_CAS_URL takes it (`http://127.0.0.1:<port>/cas`). */
  url: string;
  /** The person signed in at CAS: its /login sends them back to the service with a fresh ticket. */
  signIn(user: string, attributes?: Attributes): void;
  /** A ticket for a service, as if CAS had issued it after a sign-in there. */
  issueTicket(service: string, user: string, attributes?: Attributes): string;
  /** Every validation request CAS received: path, service and ticket. */
  validations: { path: string; service: string | null; ticket: string | null }[];
  /** The SAML LogoutRequest body CAS posts to the service to end the session a ticket opened. */
  logoutRequest(ticket: string): string;
  close(): Promise<void>;
};

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function failure(code: string, message: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">${xml(message)}</cas:authenticationFailure>
</cas:serviceResponse>`;
}

function success(user: string, attributes: Attributes | null): string {
  const values = attributes
    ? Object.entries(attributes)
        .flatMap(([name, value]) => [value].flat().map((v) => `      <cas:${name}>${xml(v)}</cas:${name}>`))
        .join('\n')
    : null;
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${xml(user)}</cas:user>${values === null ? '' : `\n    <cas:attributes>\n${values}\n    </cas:attributes>`}
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
}

/**
 * A CAS server speaking the real protocol (CAS 2.0 /serviceValidate, CAS 3.0 /p3/serviceValidate) on a
 * random local port. Tickets are single use and bound to the service they were issued for, as in CAS;
 * /serviceValidate answers without attributes, as a strict CAS 2.0 server does.
 */
export async function startCasServer(): Promise<CasServerFake> {
  const tickets = new Map<string, Ticket>();
  const validations: CasServerFake['validations'] = [];
  let signedIn: { user: string; attributes: Attributes } | null = null;

  const issueTicket = (service: string, user: string, attributes: Attributes = {}) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}-cas.example.edu`;
    tickets.set(ticket, { service, user, attributes, used: false });
    return ticket;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    const service = url.searchParams.get('service');
    if (url.pathname === '/cas/login') {
      if (!service) {
        res.writeHead(400).end('service required');
      } else if (!signedIn) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<form>CAS sign-in</form>');
      } else {
        const back = new URL(service);
        back.searchParams.set('ticket', issueTicket(service, signedIn.user, signedIn.attributes));
        res.writeHead(302, { location: back.toString() }).end();
      }
      return;
    }
    if (url.pathname === '/cas/serviceValidate' || url.pathname === '/cas/p3/serviceValidate') {
      const ticketId = url.searchParams.get('ticket');
      validations.push({ path: url.pathname, service, ticket: ticketId });
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      if (!service || !ticketId) {
        res.end(failure('INVALID_REQUEST', 'service and ticket are required'));
        return;
      }
      const ticket = tickets.get(ticketId);
      if (!ticket || ticket.used) {
        res.end(failure('INVALID_TICKET', `Ticket ${ticketId} not recognized`));
        return;
      }
      ticket.used = true;
      if (ticket.service !== service) {
        res.end(failure('INVALID_SERVICE', `Ticket ${ticketId} does not match supplied service`));
        return;
      }
      res.end(success(ticket.user, url.pathname === '/cas/p3/serviceValidate' ? ticket.attributes : null));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/cas`,
    signIn(user, attributes = {}) {
      signedIn = { user, attributes };
    },
    issueTicket,
    validations,
    logoutRequest: (ticket) =>
      `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomBytes(6).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${xml(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
