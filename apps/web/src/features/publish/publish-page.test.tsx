import { PUBLISH_LIMITS, publishMessages } from '@cratedig/contract/publish-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DetailedError, HttpRequest, Upload, UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { openStream } from '../../test/fake-event-source';
import { DRAFT_ID, makeDraftLine, makeMySet } from '../../test/publish-fakes';
import { renderApp, renderWithProviders } from '../../test/render';
import { expectShown } from '../../test/shown';
import { PublishAction } from './publish-page';
import { tabUpload } from './tab-upload';
import { CHUNK_BYTES, createUploadSession, tus, uploadSession } from './tus-upload';

const MB = 1024 * 1024;

/** Stands in for tus-js-client's Upload: the test plays the server's part through its options. */
class FakeUpload {
  static made: FakeUpload[] = [];
  url: string | null = null;
  started = 0;
  aborted = 0;
  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    FakeUpload.made.push(this);
  }
  findPreviousUploads() {
    return Promise.resolve([]);
  }
  resumeFromPreviousUpload() {}
  start() {
    this.started += 1;
  }
  abort() {
    this.aborted += 1;
    return Promise.resolve();
  }
  /** The server made the upload: its URL (and so the draft's id) is known. */
  created(id = DRAFT_ID) {
    this.url = `${window.location.origin}/api/publish/uploads/${id}`;
    act(() => this.options.onUploadUrlAvailable?.());
  }
  progress(sent: number, total: number) {
    act(() => this.options.onProgress?.(sent, total));
  }
  refused(status: number, body: string) {
    const error = Object.assign(new Error('refused'), {
      originalRequest: { getMethod: () => 'POST' },
      originalResponse: { getStatus: () => status, getBody: () => body },
    }) as unknown as DetailedError;
    act(() => this.options.onError?.(error));
  }
}

const real = { ...tus };
let clock = 0;
beforeEach(() => {
  FakeUpload.made = [];
  clock = 1_000_000;
  tus.Upload = FakeUpload as unknown as typeof tus.Upload;
  tus.now = () => clock;
  uploadSession.current = createUploadSession(tabUpload.tell);
});
afterEach(() => {
  Object.assign(tus, real);
  tabUpload.tell({ id: null, phase: 'idle', percent: 0 });
});

function lastUpload(): FakeUpload {
  const upload = FakeUpload.made.at(-1);
  if (!upload) throw new Error('no upload was made');
  return upload;
}

function audioFile(bytes = 100 * MB, name = 'closing-set.mp3'): File {
  const file = new File(['ID3'], name, { type: 'audio/mpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** An API holding one draft; `also` answers the rest. */
function draftApi(
  draft: ReturnType<typeof makeMySet>,
  also?: (request: FakeRequest) => FakeResponse | undefined,
) {
  return (request: FakeRequest): FakeResponse | undefined => {
    const answer = also?.(request);
    if (answer) return answer;
    if (request.path === '/queue') return { body: [] };
    if (request.path === '/notifications/unread-count') return { body: { unread: 0 } };
    if (request.path === `/publish/sets/${draft.id}` && request.method === 'GET') return { body: draft };
    if (request.path === `/publish/sets/${draft.id}/details` && request.method === 'PUT')
      return { body: { ...draft, details: { ...draft.details, ...(request.body as object) } } };
    return undefined;
  };
}

async function openPublish(path: string, handler: (request: FakeRequest) => FakeResponse | undefined) {
  const app = renderApp(path, { api: handler, session: makeUser() });
  await screen.findByRole('heading', { name: 'Publish a set', level: 1 }, { timeout: 20_000 });
  return app;
}

describe('uploading a recording', () => {
  it('sends it by tus with the token in a header and shows bytes sent, speed and time left', async () => {
    const draft = makeMySet({
      state: 'uploading',
      received_bytes: 0,
      size_bytes: 100 * MB,
      missing: ['set_name'],
    });
    const app = await openPublish('/publish', draftApi(draft));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile());
    const upload = lastUpload();
    expect(upload.started).toBe(1);
    expect(upload.options.chunkSize).toBe(CHUNK_BYTES);
    expect(upload.options.chunkSize).toBe(8 * MB);
    expect(upload.options.metadata).toEqual({ filename: 'closing-set.mp3', filetype: 'audio/mpeg' });
    expect(upload.options.retryDelays?.length).toBeGreaterThan(2);
    expect(upload.options.endpoint).toBe(`${window.location.origin}/api/publish/uploads`);
    // The token travels in a header set before each request, never in the address.
    const headers = new Map<string, string>();
    const request = { setHeader: (name: string, value: string) => headers.set(name, value) };
    await upload.options.onBeforeRequest?.(request as unknown as HttpRequest);
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(upload.options.endpoint).not.toContain('access-token');

    upload.created();
    await waitFor(() => expect(app.location()).toBe(`/publish?draft=${DRAFT_ID}`));
    upload.progress(12 * MB, 100 * MB);
    clock += 2_000;
    upload.progress(16 * MB, 100 * MB);
    const recording = await screen.findByRole('region', { name: 'Recording' });
    expectShown(within(recording).getByText('16 MB of 100 MB · 16 %'));
    expectShown(within(recording).getByText('2 MB/s · less than a minute left'));
    expect(
      within(recording).getByRole('progressbar', { name: 'Upload progress' })?.getAttribute('aria-valuenow'),
    ).toBe('16');
    // The details form opens while it uploads.
    expectShown(await screen.findByRole('form', { name: 'Set details' }));
    // The account menu says how far it is, wherever the listener goes meanwhile.
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    const publishItem = await screen.findByRole('menuitem', { name: /Publish a set/ });
    expect(publishItem.textContent).toBe('Publish a setUploading · 16 %');
  });

  it('pauses and resumes', async () => {
    const draft = makeMySet({ state: 'uploading', received_bytes: 0 });
    const app = await openPublish('/publish', draftApi(draft));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile());
    const upload = lastUpload();
    upload.created();
    upload.progress(8 * MB, 100 * MB);
    await app.user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(upload.aborted).toBe(1);
    expectShown(screen.getByText('Paused'));
    await app.user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.started).toBe(2);
  });

  it("shows the server's refusal in its own words", async () => {
    const app = await openPublish('/publish', draftApi(makeMySet()));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile());
    const message = publishMessages.perDay(PUBLISH_LIMITS.uploadsPerDay);
    lastUpload().refused(429, JSON.stringify({ code: 429, status: 'Error', message }));
    expect((await screen.findByRole('alert'))?.textContent).toContain(message);
    // and the file can be chosen again
    expectShown(screen.getByRole('button', { name: 'Choose a file' }));
  });

  it('says a refusal without a readable body from its status', async () => {
    const app = await openPublish('/publish', draftApi(makeMySet()));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile());
    lastUpload().refused(409, 'Conflict');
    expect((await screen.findByRole('alert'))?.textContent).toContain(publishMessages.oneAtATime);
  });

  it('refuses a file larger than the limit before sending a byte', async () => {
    const app = await openPublish('/publish', draftApi(makeMySet()));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile(PUBLISH_LIMITS.maxFileBytes + 1));
    expect((await screen.findByRole('alert'))?.textContent).toContain(
      'This file is larger than 4 GB, the most one set may be.',
    );
    expect(FakeUpload.made).toHaveLength(0);
  });
});

describe('an unfinished upload', () => {
  it('carries on with the same file only, from the draft it was', async () => {
    const draft = makeMySet({
      state: 'uploading',
      size_bytes: 100 * MB,
      received_bytes: 40 * MB,
      file_name: 'closing-set.mp3',
      duration_s: null,
    });
    const app = await openPublish(`/publish?draft=${DRAFT_ID}`, draftApi(draft));
    expectShown(await screen.findByText('40 MB of 100 MB already sent (40 %).'));
    await app.user.upload(screen.getByTestId('audio-input'), audioFile(99 * MB, 'other.mp3'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This is not the file this draft was started with. Choose closing-set.mp3.',
    );
    expect(FakeUpload.made).toHaveLength(0);
    await app.user.upload(screen.getByTestId('audio-input'), audioFile(100 * MB));
    const upload = lastUpload();
    expect(upload.options.uploadUrl).toBe(`${window.location.origin}/api/publish/uploads/${DRAFT_ID}`);
    expect(upload.started).toBe(1);
  });

  it('cancels only after asking, stopping the upload and deleting the draft', async () => {
    const draft = makeMySet({ state: 'uploading', received_bytes: 0 });
    const deleted: string[] = [];
    const app = await openPublish(
      '/publish',
      draftApi(draft, (request) => {
        if (request.method !== 'DELETE') return undefined;
        deleted.push(request.path);
        return { status: 204 };
      }),
    );
    await app.user.upload(screen.getByTestId('audio-input'), audioFile());
    const upload = lastUpload();
    upload.created();
    await app.user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this upload?' });
    expect(deleted).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(deleted).toEqual([`/publish/sets/${DRAFT_ID}`]));
    expect(upload.aborted).toBeGreaterThan(0);
    await waitFor(() => expect(app.location()).toBe('/publish'));
  });
});

describe('the tracklist preview', () => {
  it('shows what each pasted line becomes, its new artists, notes and problems', async () => {
    const draft = makeMySet();
    const previews: unknown[] = [];
    const app = await openPublish(
      `/publish?draft=${DRAFT_ID}`,
      draftApi(draft, (request) => {
        if (request.path !== `/publish/sets/${DRAFT_ID}/tracklist-preview`) return undefined;
        previews.push(request.body);
        return {
          body: {
            kind: 'lines',
            timed: true,
            lines: [
              makeDraftLine(1, { text: '00:00 Known - Tune', start_time: 0, artist: 'Known', title: 'Tune' }),
              makeDraftLine(2, {
                text: '04:10 Fresh Face - New One [Night Label]',
                start_time: 250,
                artist: 'Fresh Face',
                title: 'New One',
                label_name: 'Night Label',
                track_meta_id: null,
                new_artists: ['Fresh Face'],
                new_labels: ['Night Label'],
              }),
              makeDraftLine(3, {
                text: '08:00 ID - ID',
                outcome: 'id',
                start_time: 480,
                artist: null,
                title: null,
                track_meta_id: null,
              }),
              makeDraftLine(4, {
                text: 'Thanks for listening',
                outcome: 'skipped',
                artist: null,
                title: null,
                track_meta_id: null,
                note: 'No artist and title in this line.',
              }),
            ],
            problems: ['Line 3 starts before line 2.'],
          },
        };
      }),
    );
    const tracklist = await screen.findByRole('textbox', { name: 'Tracklist' });
    await app.user.click(tracklist);
    await app.user.paste(
      '00:00 Known - Tune\n04:10 Fresh Face - New One [Night Label]\n08:00 ID - ID\nThanks for listening',
    );
    const table = await screen.findByRole('table', { name: 'Tracklist preview' }, { timeout: 5_000 });
    expect(previews.at(-1)).toEqual({
      tracklist:
        '00:00 Known - Tune\n04:10 Fresh Face - New One [Night Label]\n08:00 ID - ID\nThanks for listening',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-becomes'))).toEqual(['known', 'new', 'id', 'skipped']);
    expect(rows[0]?.textContent).toContain('0:00Known – TuneTrack');
    expect(rows[1]?.textContent).toContain('Fresh Face – New One [Night Label]');
    expect(rows[1]?.textContent).toContain('New artist: Fresh Face');
    expect(rows[1]?.textContent).toContain('New track');
    expect(rows[2]?.textContent).toContain('ID');
    expect(rows[3]?.textContent).toContain('No artist and title in this line.');
    expect(rows[3]?.textContent).toContain('Skipped');
    expect(screen.getByRole('list', { name: 'Problems' })?.textContent).toContain(
      'Line 3 starts before line 2.',
    );
    expectShown(screen.getByText('2 tracks · 1 new · 1 ID · 1 skipped · with times'));
  });
});

describe('processing and publishing', () => {
  it('follows processing live and publishes once ready, landing on the set', async () => {
    const draft = makeMySet({ state: 'processing', step: 'probe', progress: 0.2 });
    let published = false;
    const app = await openPublish(
      `/publish?draft=${DRAFT_ID}`,
      draftApi(draft, (request) => {
        if (request.path === `/publish/sets/${DRAFT_ID}/publish` && request.method === 'POST') {
          published = true;
          return { body: { ...draft, state: 'published', set_id: 42 } };
        }
        if (request.path === '/sets/42')
          return { status: 404, body: { code: 404, status: 'Error', message: 'Not Found' } };
        return undefined;
      }),
    );
    const steps = await screen.findByRole('list', { name: 'Processing steps' });
    expect(
      within(steps).getByText('Checking the recording').closest('li')?.getAttribute('aria-current'),
    ).toBe('step');
    expectShown(within(steps).getByText('20 %'));
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toHaveProperty('disabled', true);

    await waitFor(() => expect(openStream()).toBeDefined());
    act(() => openStream()?.emit('upload', { upload: { ...draft, step: 'rendition', progress: 0.5 } }, '1'));
    await waitFor(() =>
      expect(within(steps).getByText('Making the stream').closest('li')?.getAttribute('aria-current')).toBe(
        'step',
      ),
    );
    expectShown(within(steps).getByText('50 %'));

    act(() =>
      openStream()?.emit('upload', { upload: { ...draft, state: 'ready', step: null, progress: null } }, '2'),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false),
    );
    await app.user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(app.location()).toBe('/sets/42'));
    expect(published).toBe(true);
  });

  it('a failed draft says why and offers to start again', async () => {
    const draft = makeMySet({ state: 'failed', reason: publishMessages.notAudio });
    const app = await openPublish(`/publish?draft=${DRAFT_ID}`, draftApi(draft));
    expect((await screen.findByRole('alert'))?.textContent).toContain(publishMessages.notAudio);
    await app.user.click(screen.getByRole('button', { name: 'Upload another file' }));
    await waitFor(() => expect(app.location()).toBe('/publish'));
    expectShown(screen.getByRole('button', { name: 'Choose a file' }));
  });
});

describe('the Publish button', () => {
  const render = (draft: ReturnType<typeof makeMySet>) =>
    renderWithProviders(<PublishAction draft={draft} onPublished={() => {}} />, {
      api: () => undefined,
      session: makeUser(),
    });

  it('is enabled only for a ready draft with nothing missing', () => {
    render(makeMySet({ state: 'ready', missing: [] }));
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false);
  });

  it('says what is missing on a ready draft', () => {
    render(makeMySet({ state: 'ready', missing: ['set_name', 'djs', 'recorded_date'] }));
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expectShown(screen.getByText('Fill in the set name, the DJ and the recorded date to publish.'));
  });

  it('waits for processing, whatever the details', () => {
    render(makeMySet({ state: 'processing', missing: [] }));
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expectShown(screen.getByText('You can publish once the recording is processed.'));
  });
});

export type { Upload };
