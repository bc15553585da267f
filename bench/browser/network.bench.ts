import fs from 'node:fs';
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

// The portal over a phone's network (issue #26, item 3): Chromium with the DevTools protocol's network
// emulation at a 4G profile (9 Mbit/s down, 1.5 up, 60 ms latency; the CPU not throttled), a fresh
// browser each sample (empty HTTP cache, signed in): the first visit to the dashboard until its cards
// and their images are shown, a click on the big project until its rows are shown, and a click on a
// unit with images until its first image is shown, with the bytes each took. Figures go to BENCH_BROWSER_OUT.
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through bench/run.mjs`);
  return value;
};

export const PROFILE_4G = { offline: false, latency: 60, downloadThroughput: (9 * 1_000_000) / 8, uploadThroughput: (1.5 * 1_000_000) / 8 };

interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

/** The network as a phone has it, and every finished request's bytes on the wire (headers included). */
const emulate4g = async (context: BrowserContext, page: Page) => {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const pending = new Map<string, { url: string; type: string }>();
  const inFlight = new Set<string>();
  let lastEvent = Date.now();
  let transfers: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    // A screen's live event stream (issue #27) stays open as long as the screen: it is never "settled",
    // and what it sends while a step loads is a few heartbeat bytes, not the step's.
    if (event.type === 'EventSource') return;
    inFlight.add(event.requestId);
    lastEvent = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => pending.set(event.requestId, { url: event.response.url, type: event.response.mimeType }));
  cdp.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (response) transfers.push({ ...response, bytes: event.encodedDataLength });
    inFlight.delete(event.requestId);
    lastEvent = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastEvent = Date.now();
  });
  return {
    /** Resolves once no request has been in flight for half a second (what is still coming counts for this step). */
    settled: async () => {
      const started = Date.now();
      while (inFlight.size > 0 || Date.now() - lastEvent < 500) {
        if (Date.now() - started > 120_000) throw new Error(`${inFlight.size} requests still in flight after 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** The requests finished since the last call. */
    take: () => {
      const taken = transfers;
      transfers = [];
      return taken;
    },
  };
};

/** The page's last largest-contentful-paint entry (ms from navigation start). */
const largestContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/** When the visible images finished loading (ms from navigation start), by their resource timing. */
const visibleImagesLoaded = (page: Page) =>
  page.evaluate(() => {
    const visible = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
    });
    const ends = visible.map((img) => (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined)?.responseEnd ?? 0);
    return Math.max(0, ...ends);
  });

/** Runs `action` in the page and times until `done` holds, checked every frame (as table.bench.ts does). */
const timeInPage = (page: Page, action: string, done: string) =>
  page.evaluate(
    async ([actionSource, doneSource]) => {
      const check = new Function(`return (${doneSource});`) as () => boolean;
      const started = performance.now();
      (new Function(actionSource) as () => void)();
      await new Promise<void>((resolve, reject) => {
        const tick = () => {
          if (check()) resolve();
          else if (performance.now() - started > 60_000) reject(new Error(`Not done within 60 s: ${doneSource}`));
          else requestAnimationFrame(tick);
        };
        tick();
      });
      return performance.now() - started;
    },
    [action, done] as const,
  );

const total = (transfers: Transfer[]) => transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);

test('the portal over 4G', async ({ browser }) => {
  const projectId = env('BENCH_PROJECT_ID');
  const units = Number(env('BENCH_PROJECT_UNITS'));
  const unitId = env('BENCH_UNIT_ID');
  const samples = Number(process.env.BENCH_NETWORK_SAMPLES ?? 1);
  const result = {
    dashboard: [] as number[],
    dashboardImages: [] as number[],
    dashboardBytes: [] as number[],
    cardImageBytes: [] as number[],
    project: [] as number[],
    projectBytes: [] as number[],
    unitImage: [] as number[],
    unitBytes: [] as number[],
  };

  for (let sample = 0; sample < samples; sample += 1) {
    const context = await browser.newContext();
    // Signed in already (the session cookie), with nothing cached: the first visit of the day.
    const login = await context.request.post('/api/portal-auth/login', {
      data: { email: env('BENCH_EMAIL'), password: env('BENCH_PASSWORD'), userType: 'admin' },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const network = await emulate4g(context, page);

    // 1. The dashboard, from navigation until the cards and their images are shown.
    await page.goto('/admin/dashboard', { waitUntil: 'commit' });
    // Until the card links are there and every image in the viewport is loaded and decoded (at least one).
    await page.waitForFunction(
      (id) => {
        if (!document.querySelector(`a[href="/admin/projects/${id}"]`)) return false;
        const visible = [...document.images].filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        });
        return visible.length > 0 && visible.every((img) => img.complete && img.naturalWidth > 0);
      },
      projectId,
      { timeout: 120_000, polling: 'raf' },
    );
    const lcp = await largestContentfulPaint(page);
    const imagesLoaded = await visibleImagesLoaded(page);
    result.dashboard.push(Math.max(lcp, imagesLoaded));
    result.dashboardImages.push(imagesLoaded);
    // What is still on its way (cards further down) counts for the dashboard's bytes, not the click's.
    await network.settled();
    const dashboard = network.take();
    result.dashboardBytes.push(total(dashboard));
    result.cardImageBytes.push(Math.max(0, ...dashboard.filter((transfer) => transfer.type.startsWith('image/')).map((transfer) => transfer.bytes)));

    // 2. A click on the big project until its rows are shown.
    const rowsShown = `document.querySelector('table')?.getAttribute('aria-rowcount') === '${units + 1}' && !!document.querySelector('tbody tr[aria-rowindex]')`;
    result.project.push(await timeInPage(page, `document.querySelector('a[href="/admin/projects/${projectId}"]').click()`, rowsShown));
    await network.settled();
    result.projectBytes.push(total(network.take()));

    // 3. A click on the unit (the table's first row) until its first image is shown.
    await expect(page.locator(`a[href="/admin/units/${unitId}"]`).first()).toBeAttached();
    const firstImageShown = `location.pathname === '/admin/units/${unitId}' && [...document.images].some((img) => img.src.includes('/uploads/') && img.complete && img.naturalWidth > 0)`;
    result.unitImage.push(await timeInPage(page, `document.querySelector('a[href="/admin/units/${unitId}"]').click()`, firstImageShown));
    await network.settled();
    result.unitBytes.push(total(network.take()));

    await context.close();
  }

  fs.writeFileSync(env('BENCH_BROWSER_OUT'), JSON.stringify(result, null, 2));
});
