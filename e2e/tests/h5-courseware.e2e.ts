import JSZip from 'jszip';
import type { Frame, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, openCourseFromMyCourses, UI_TIMEOUT, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/**
 * A package that tries what a hostile one would (decision 0018): read the cookie and storage, reach the
 * parent page, read the API and write the learner's state with the session. It writes what happened
 * into its own page, where the test reads it.
 */
const ATTACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attack</title></head>
<body><pre id="out">running</pre><script>
(async function () {
  var out = {};
  // The address's token names the activity and upload (base 36), so the package needs no placeholder.
  var token = location.pathname.split('/')[4].split('.');
  var activity = parseInt(token[0], 36), upload = parseInt(token[1], 36);
  function attempt(name, fn) { try { out[name] = 'read:' + String(fn()); } catch (e) { out[name] = 'threw:' + e.name; } }
  attempt('cookie', function () { return document.cookie; });
  attempt('storage', function () { return window.localStorage.length; });
  attempt('parent', function () { return window.parent.document.title; });
  try {
    var read = await fetch('/api/courses/COURSE/activities', { credentials: 'include' });
    out.read = 'status:' + read.status;
  } catch (e) { out.read = 'threw:' + e.name; }
  try {
    var write = await fetch('/api/h5-courseware/' + activity + '/upload/' + upload + '/cmi', {
      method: 'POST', credentials: 'include', mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ base64State: btoa('{"version":"2004","cmi":{"cmi.suspend_data":"EVIL"}}') })
    });
    out.write = 'type:' + write.type;
  } catch (e) { out.write = 'threw:' + e.name; }
  out.origin = String(window.origin);
  document.getElementById('out').textContent = JSON.stringify(out);
})();
</script></body></html>`;

async function zip(files: Record<string, string>): Promise<Buffer> {
  const archive = new JSZip();
  for (const [name, text] of Object.entries(files)) archive.file(name, text);
  return archive.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function activityIdOf(page: Page, courseId: number, title: string): Promise<number> {
  const response = await page.request.get(`/api/courses/${courseId}/activities`);
  expect(response.status()).toBe(200);
  const { activities } = (await response.json()) as { activities: { id: number; title: string }[] };
  const found = activities.find((activity) => activity.title === title);
  expect(found, `${title} is listed`).toBeDefined();
  return found!.id;
}

/** The courseware frame once its page has loaded (Playwright reaches into the opaque origin itself). */
async function coursewareFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().find((f) => f.url().includes('/api/h5-courseware/content/')), {
      timeout: UI_TIMEOUT,
    })
    .toBeDefined();
  return page.frames().find((f) => f.url().includes('/api/h5-courseware/content/'))!;
}

describe('H5 courseware', () => {
  test('a script in a package cannot read the session or call the API as the student', async () => {
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await openCourseFromMyCourses(teacher, CS201.name);
    const modules = (await (await teacher.request.get(`/api/courses/${courseId}/modules`)).json()) as {
      modules: { id: number }[];
    };
    const created = await teacher.request.post(`/api/courses/${courseId}/activities`, {
      data: {
        module_id: modules.modules[0]!.id,
        type: 'h5_courseware',
        title: `E2E H5 ${Date.now()}`,
        published: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const activityId = ((await created.json()) as { id: number }).id;
    const html = ATTACK_HTML.replace('COURSE', String(courseId));
    const uploaded = await teacher.request.post('/api/uploads', {
      multipart: {
        file: { name: 'attack.zip', mimeType: 'application/zip', buffer: await zip({ 'index.html': html }) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const uploadId = ((await uploaded.json()) as { id: number }).id;
    const attached = await teacher.request.post(`/api/h5-courseware/${activityId}/packages`, {
      data: { upload_id: uploadId },
    });
    expect(attached.status(), await attached.text()).toBe(201);

    const student = await journey.browser.newPage();
    await student.setViewportSize({ width: 360, height: 740 });
    await login(student, 's20240001');
    // What the package's own API calls carried, as Chromium sent them.
    const probes: Request[] = [];
    student.on('request', (request) => {
      const url = request.url();
      if (url.endsWith(`/api/courses/${courseId}/activities`) || url.endsWith(`/upload/${uploadId}/cmi`)) {
        if (request.frame().url().includes('/api/h5-courseware/content/')) probes.push(request);
      }
    });
    await student.goto(`/course/${courseId}/activity/${activityId}`);
    const frame = await coursewareFrame(student);
    await expect.poll(async () => frame.locator('#out').innerText(), { timeout: UI_TIMEOUT }).toMatch(/^\{/);
    const out = JSON.parse(await frame.locator('#out').innerText()) as Record<string, string>;
    expect(out.origin).toBe('null');
    expect(out.cookie).toBe('threw:SecurityError');
    expect(out.storage).toBe('threw:SecurityError');
    expect(out.parent).toBe('threw:SecurityError');
    expect(out.read).toBe('threw:TypeError');
    // Chromium either sends the cross-site no-cors POST and hands back an opaque response, or refuses it
    // outright with a TypeError; both leave the package unable to act as the student.
    expect(['type:opaque', 'threw:TypeError']).toContain(out.write);
    // A call that never left the browser is fine; any that reached the server carried no session cookie
    // and was marked as another site's.
    expect(probes.length).toBeLessThanOrEqual(2);
    for (const probe of probes) {
      const response = await probe.response();
      if (!response) continue;
      const headers = await probe.allHeaders();
      expect(headers.cookie, probe.url()).toBeUndefined();
      expect(headers['sec-fetch-site'], probe.url()).toBe('cross-site');
    }
    // The learner's state is untouched.
    const state = await student.request.get(`/api/h5-courseware/${activityId}/upload/${uploadId}/cmi`);
    expect(state.status()).toBe(200);
    expect(((await state.json()) as { base64State: string | null }).base64State).toBeNull();
    await teacher.close();
    await student.close();
  });

  test('a student completes the demo SCORM 1.2 package and the page shows it', async () => {
    const student = await journey.browser.newPage();
    await student.setViewportSize({ width: 360, height: 740 });
    await login(student, 's20240002');
    const courseId = await openCourseFromMyCourses(student, CS201.name);
    const activityId = await activityIdOf(student, courseId, '二分查找（SCORM 1.2 课件）');
    await student.goto(`/course/${courseId}/activity/${activityId}`);
    await visible(student.getByText('未完成'));
    const frame = await coursewareFrame(student);
    await visible(frame.getByText('Status: not attempted'));
    await frame.getByRole('button', { name: 'Mark as finished' }).click();
    await visible(student.getByText('已完成', { exact: true }));
    await visible(student.getByText('得分 90'));
    // Reopened, the package resumes from the stored state.
    await student.reload();
    const again = await coursewareFrame(student);
    await visible(again.getByText('Status: passed'));
    await visible(student.getByRole('button', { name: '全屏' }));
    await student.close();
  });
});
