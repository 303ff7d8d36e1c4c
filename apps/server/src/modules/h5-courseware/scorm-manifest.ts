import { XMLParser } from 'fast-xml-parser';
import type { H5PackageKind } from '@lectern/contracts/h5-courseware/h5-cmi';
import { AppError } from '../../platform/errors.ts';

export type ScormLaunch = { kind: Extract<H5PackageKind, 'scorm_12' | 'scorm_2004'>; href: string };

type Node = Record<string, unknown>;

const manifestInvalid = () => new AppError('validation_failed', 'h5Courseware.manifestInvalid');

const list = (value: unknown): Node[] =>
  value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).filter(isNode);
function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}
const attr = (node: Node | undefined, name: string): string | undefined => {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
};

/** Joins xml:base prefixes and an href the way the manifest stacks them (each relative to the last). */
function joinBase(...parts: (string | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part)
    .reduce((acc, part) => (acc === '' || acc.endsWith('/') ? acc + part : `${acc}/${part}`), '');
}

/** The first item (depth first) that launches a resource. */
function firstLaunchable(items: Node[]): Node | undefined {
  for (const item of items) {
    if (attr(item, 'identifierref')) return item;
    const nested = firstLaunchable(list(item.item));
    if (nested) return nested;
  }
  return undefined;
}

/**
 * What a SCORM manifest launches: the default organisation's first item with a resource, that
 * resource's href (with xml:base and the item's parameters), and the SCORM version the manifest declares.
 */
export function parseScormManifest(xml: string): ScormLaunch {
  let root: Node;
  try {
    const parsed: unknown = new XMLParser({
      ignoreAttributes: false,
      removeNSPrefix: true,
      processEntities: false,
    }).parse(xml);
    if (!isNode(parsed) || !isNode(parsed.manifest)) throw manifestInvalid();
    root = parsed.manifest;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw manifestInvalid();
  }
  const schemaVersion = String(
    (isNode(root.metadata) ? root.metadata.schemaversion : undefined) ?? '',
  ).trim();
  // 1.2 says "1.2"; 2004 says "CAM 1.3" or "2004 nth Edition"; without one, the namespace tells.
  const is2004 = schemaVersion
    ? !/^1\.2$/.test(schemaVersion)
    : /adlcp_v1p3|imscp_v1p1"[^>]*adlseq|adlnav/.test(xml) || !/adlcp_rootv1p2/.test(xml);

  const organizations = isNode(root.organizations) ? root.organizations : undefined;
  const orgs = list(organizations?.organization);
  const chosen = orgs.find((o) => attr(o, 'identifier') === attr(organizations, 'default')) ?? orgs[0];
  const item = chosen ? firstLaunchable(list(chosen.item)) : undefined;
  const resourcesNode = isNode(root.resources) ? root.resources : undefined;
  const resources = list(resourcesNode?.resource);
  const resource = item
    ? resources.find((r) => attr(r, 'identifier') === attr(item, 'identifierref'))
    : // A manifest without organisations may still hold one SCO resource.
      resources.find((r) => attr(r, 'href'));
  const href = attr(resource, 'href');
  if (!href) throw manifestInvalid();
  const parameters = attr(item, 'parameters') ?? '';
  const path = joinBase(attr(root, 'base'), attr(resourcesNode, 'base'), attr(resource, 'base'), href);
  // The item's parameters join the href's own query (IMS CP: '?' or '&' as needed, '#' kept as is).
  const bare = parameters.replace(/^[?&]/, '');
  const query =
    parameters === ''
      ? ''
      : parameters.startsWith('#')
        ? parameters
        : `${path.includes('?') ? '&' : '?'}${bare}`;
  return { kind: is2004 ? 'scorm_2004' : 'scorm_12', href: path + query };
}
