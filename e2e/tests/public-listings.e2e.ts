import { describe, test } from 'vitest';
import { login } from '../support/browser.ts';
import { expectPath, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** Public in the demo and open for self-enrolment; s20240001 is not one of its students. */
const MATH101 = '高等数学 A';

describe('public listings', () => {
  test('a visitor browses the portal, reads a course’s outline and reviews, signs in and joins', async () => {
    const page = await journey.browser.newPage();
    await page.goto('/portal');
    await page.getByRole('link', { name: MATH101 }).first().click();
    await expectPath(page, /^\/portal\/course\/\d+$/);
    const coursePath = new URL(page.url()).pathname;
    const courseId = coursePath.split('/')[3];
    await visible(page.getByRole('heading', { level: 1, name: MATH101 }));
    await visible(page.getByRole('heading', { level: 2, name: '课程大纲' }));
    await visible(page.getByText('讲解清楚，习题课很有帮助。'));

    await page.getByRole('button', { name: '登录后加入' }).click();
    await expectPath(page, '/login');
    await login(page, 's20240001');
    // Back on the course's public page, now signed in: the button joins.
    await expectPath(page, coursePath);
    await page.getByRole('button', { name: '加入课程' }).click();
    await expectPath(page, `/course/${courseId}`);
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(MATH101) }));
  });
});
