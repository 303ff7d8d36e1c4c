import {
  createScormRuntime,
  type CmiValues,
  type ScormVersion,
} from '@lectern/contracts/h5-courseware/scorm-runtime';

/** What the bridge in the frame starts from: the version, the learner's values, where to post commits. */
export type BridgeBoot = { version: ScormVersion; cmi: CmiValues; parentOrigin: string };

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The bridge script: the run-time from contracts, as text, answering the SCO's calls synchronously in
 * the frame, and posting each Commit and Terminate to the player page, which alone may call the API.
 * Commits go only to Lectern's own origin, so a page that framed the package elsewhere learns nothing.
 */
export function bridgeScript(boot: BridgeBoot): string {
  return `(function () {
  var createScormRuntime = ${String(createScormRuntime)};
  var boot = ${scriptJson(boot)};
  var runtime = createScormRuntime(boot.version, boot.cmi, {
    commit: function (values, terminated) {
      window.parent.postMessage(
        { source: 'lectern-scorm', type: 'commit', version: boot.version, cmi: values, terminated: terminated },
        boot.parentOrigin
      );
    }
  });
  var api = runtime.api();
  if (boot.version === '1.2') window.API = api; else window.API_1484_11 = api;
  window.addEventListener('pagehide', function () { api[boot.version === '1.2' ? 'LMSCommit' : 'Commit'](''); });
})();`;
}

/** The page with the bridge as its first script, so the API exists before any of the package's own run. */
export function injectBridge(html: string, boot: BridgeBoot): string {
  const tag = `<script>${bridgeScript(boot)}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag) {
    const at = htmlTag.index + htmlTag[0].length;
    return html.slice(0, at) + tag + html.slice(at);
  }
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + tag + html.slice(doctype[0].length);
  return tag + html;
}
