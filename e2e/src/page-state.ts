import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a journey waits for before it reads or clicks: states of the page, never a pause.
 * On a busy machine the time between a request and its data stretches; a journey that
 * reads before then reads a list, figure or menu that is still changing.
 */

/** Makes every page of the context count its calls to the server still waiting for an answer. */
export async function countServerCalls(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __calls: number; fetch: typeof fetch };
    const send = w.fetch.bind(window);
    w.__calls = 0;
    w.fetch = (...args) => {
      w.__calls++;
      return send(...args).finally(() => {
        w.__calls--;
      });
    };
  });
}

/**
 * Waits until the page has settled: no call waiting for its answer (see `countServerCalls`),
 * no loader and no busy region a user can see (the frame is busy until the permissions are
 * known, lists draw a loader until their rows come), and no transition still running (a
 * dialog or popup fading in is half transparent) — so nothing moves under a click and
 * nothing read is about to change. A list in a closed accordion keeps its loader unseen.
 */
export async function settled(page: Page) {
  // Runs in the page, so self-contained: whether settled, or (`describe`) what is left.
  const look = (describe: boolean) => {
    const busy = Array.from(document.querySelectorAll('[aria-busy="true"], .mantine-Loader-root'))
      .filter((el) => el.checkVisibility())
      .map((el) => el.getAttribute('aria-label') ?? el.outerHTML.slice(0, 120));
    const calls = (window as unknown as { __calls?: number }).__calls;
    // A transition ends; an endless animation (a pulse) is not waiting for anything.
    const moving = document
      .getAnimations()
      .filter(
        (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
      );
    // Quiet in two frames running: a render that starts its calls after painting (an effect)
    // has started them by the next frame.
    const w = window as unknown as { __quietFrames?: number };
    const quiet = calls === 0 && busy.length === 0 && moving.length === 0;
    w.__quietFrames = quiet ? (w.__quietFrames ?? 0) + 1 : 0;
    return describe
      ? `${calls} calls waiting; ${moving.length} transitions running; ${busy.join(', ')}`
      : w.__quietFrames >= 2;
  };
  try {
    await page.waitForFunction(look, false, { polling: 'raf' });
  } catch (err) {
    throw new Error(`${page.url()} never settled: ${await page.evaluate(look, true)}`, { cause: err });
  }
}

/**
 * Waits until the signed-in frame knows the selected entity's permissions: until then the
 * menu is a skeleton and the page is not drawn (the menu's `aria-busy` says which). A
 * journey reads the menu or the page only after this.
 */
export async function permissionsLoaded(page: Page) {
  await page.locator('nav[aria-label="Main menu"][aria-busy="false"]').waitFor({ state: 'attached' });
}

/**
 * Resolves once the page's live notification stream (Server-Sent Events) is open: the
 * server subscribes it before answering, so whatever happens after reaches this page. Ask
 * before the navigation that opens it.
 */
export function liveNotificationsOpened(page: Page): Promise<unknown> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/stream', {
    timeout: 0,
  });
}

/** Playwright's own bound on waiting for an element; vitest's `expect.poll` would give up after 1 s. */
const STATE_TIMEOUT_MS = 30_000;

/**
 * Polls `read` until it gives what the assertion that follows expects — a state to reach,
 * bounded like a locator's wait, not a deadline for how fast a busy machine answers.
 */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: STATE_TIMEOUT_MS });
