import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTOS_FULL_MESSAGE,
  photoUrl,
  type MemberPhoto,
} from '../../../../contract/photos/photos';
import type { User } from '../../../../contract/members/profile';
import { currentUserQueryOptions } from '../../../../src/api/members';
import { myPhotosQueryOptions } from '../../../../src/api/photos/photos';
import { HEIC_UNSUPPORTED_MESSAGE, type HeicConverter } from '../../../../src/features/photos/photo-file';
import { PhotoManager } from '../../../../src/features/photos/PhotoManager';
import { EditProfileDialog } from '../../../../src/features/members/profile/EditProfileDialog';
import { json, mockApi } from '../../support/render-app';
import { me, signInAsUser } from '../discovery/discover/fixtures';
import { renderScreen } from '../discovery/discover/render-screen';

beforeEach(() => {
  localStorage.clear();
  signInAsUser();
});
afterEach(() => localStorage.clear());

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => `${letter.repeat(8)}-0000-4000-8000-000000000000`);

function photo(index: number): MemberPhoto {
  const id = ids[index] ?? '';
  return { id, url: photoUrl(id, 640), width: 640, height: 800, position: index, createdAt: '2026-11-26T10:00:00.000Z' };
}

interface Upload {
  contentType: string | null;
  body: unknown;
}

/** A small photo server: the member's photos, and the account whose avatar and photos follow them. */
function photoServer(initial: MemberPhoto[], options: { failUpload?: string; failOrder?: string } = {}) {
  let photos = initial.map((shown, position) => ({ ...shown, position }));
  const uploads: Upload[] = [];
  const orders: string[][] = [];
  const deleted: string[] = [];
  const user = (): User => me({ avatar: photos[0]?.url ?? '/api/media/avatar/alex', photos: photos.map((shown) => shown.url) });
  const answer = (status = 200) => json(status, { photos, user: user() });
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/user/me/photos': () => answer(),
    'POST /api/user/me/photos': (_url, init) => {
      uploads.push({ contentType: new Headers(init?.headers).get('Content-Type'), body: init?.body });
      if (options.failUpload) return json(400, { success: false, message: options.failUpload });
      photos = [...photos, photo(photos.length)];
      return answer(201);
    },
    'PUT /api/user/me/photos/order': (_url, init) => {
      const { order } = JSON.parse(init?.body as string) as { order: string[] };
      orders.push(order);
      if (options.failOrder) return json(400, { success: false, message: options.failOrder });
      photos = order.map((id, position) => ({ ...(photos.find((shown) => shown.id === id) as MemberPhoto), position }));
      return answer();
    },
  };
  for (const id of ids) {
    routes[`DELETE /api/user/me/photos/${id}`] = () => {
      deleted.push(id);
      photos = photos.filter((shown) => shown.id !== id).map((shown, position) => ({ ...shown, position }));
      return answer();
    };
  }
  const api = mockApi(routes);
  return { api, uploads, orders, deleted, current: () => photos };
}

async function renderManager(convertHeic?: HeicConverter) {
  const view = await renderScreen(() => <PhotoManager convertHeic={convertHeic} />);
  await screen.findByText(/of 6 photos/);
  return view;
}

function fileOf(name: string, type: string, size = 2048): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const order = () => within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('img').map((img) => img.getAttribute('src'));

describe('the photo manager', () => {
  it('shows the photos as a grid, the first as the main photo, each with srcset, sizes, width, height and alt text', async () => {
    photoServer([photo(0), photo(1), photo(2)]);
    await renderManager();
    expect(screen.getByText(/3 of 6 photos/)).toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0] as HTMLElement).getByText('Main photo')).toBeInTheDocument();
    const main = screen.getByRole('img', { name: 'Your main photo' });
    expect(main).toHaveAttribute('srcset', expect.stringContaining(`/api/photos/${ids[0]}/320.webp 320w`));
    expect(main).toHaveAttribute('sizes', expect.stringContaining('50vw'));
    expect(main).toHaveAttribute('width', '640');
    expect(main).toHaveAttribute('height', '800');
    expect(screen.getByRole('img', { name: 'Your photo 2' })).toBeInTheDocument();
    // The first photo cannot move earlier or become main; the last cannot move later.
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('accept', expect.stringContaining('image/heic'));
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('capture', 'user');
    expect(camera).toHaveAttribute('accept', 'image/*');
  });

  it('refuses a file of the wrong type before anything is sent', async () => {
    const server = photoServer([photo(0)]);
    await renderManager();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Add photos'), fileOf('notes.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`notes.gif: ${PHOTO_TYPE_MESSAGE}`);
    expect(server.uploads).toEqual([]);
  });

  it('refuses a photo over 15 MB before anything is sent', async () => {
    const server = photoServer([]);
    await renderManager();
    await userEvent.upload(screen.getByLabelText('Add photos'), fileOf('huge.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(`huge.jpg: ${PHOTO_TOO_LARGE_MESSAGE}`);
    expect(server.uploads).toEqual([]);
  });

  it('uploads the file itself as the body with its type, shows it pending, then in the grid, and keeps the account in step', async () => {
    const server = photoServer([photo(0)]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const plain = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (init?.method === 'POST') await gate;
      return plain(input, init);
    };
    const { queryClient } = await renderManager();
    const file = fileOf('beach.png', 'image/png');
    await userEvent.upload(screen.getByLabelText('Add photos'), file);
    expect(await screen.findByRole('listitem', { name: 'beach.png: Uploading…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Uploading beach.png' })).toBeInTheDocument();
    await act(async () => {
      release();
      await gate;
    });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(server.uploads).toEqual([{ contentType: 'image/png', body: file }]);
    expect(screen.getByRole('status')).toHaveTextContent('Photo added. You have 2 of 6 photos.');
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.photos).toHaveLength(2);
    expect(queryClient.getQueryData(myPhotosQueryOptions().queryKey)?.photos).toHaveLength(2);
  });

  it("shows the server's reason when an upload is refused after sending", async () => {
    photoServer([], { failUpload: 'This HEIC photo could not be read' });
    await renderManager();
    await userEvent.upload(screen.getByLabelText('Add photos'), fileOf('odd.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('odd.jpg: This HEIC photo could not be read');
    expect(screen.queryByRole('list', { name: 'Your photos' })).toBeNull();
  });

  it('turns HEIC into JPEG before upload where the browser can, and explains when it cannot', async () => {
    const server = photoServer([]);
    const jpeg = new Blob([new Uint8Array(8)], { type: 'image/jpeg' });
    const converted: string[] = [];
    await renderManager((file) => {
      converted.push(file.name);
      return file.name.startsWith('ok') ? Promise.resolve(jpeg) : Promise.reject(new Error(HEIC_UNSUPPORTED_MESSAGE));
    });
    await userEvent.upload(screen.getByLabelText('Add photos'), fileOf('ok.HEIC', ''));
    await waitFor(() => expect(server.uploads).toHaveLength(1));
    expect(server.uploads[0]).toEqual({ contentType: 'image/jpeg', body: jpeg });
    await userEvent.upload(screen.getByLabelText('Add photos'), fileOf('no.heif', 'image/heif'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`no.heif: ${HEIC_UNSUPPORTED_MESSAGE}`);
    expect(converted).toEqual(['ok.HEIC', 'no.heif']);
    expect(server.uploads).toHaveLength(1);
  });

  it('takes no more than 6 photos', async () => {
    const server = photoServer([0, 1, 2, 3, 4].map(photo));
    await renderManager();
    await userEvent.upload(screen.getByLabelText('Add photos'), [fileOf('one.jpg', 'image/jpeg'), fileOf('two.jpg', 'image/jpeg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(PHOTOS_FULL_MESSAGE);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(6));
    expect(server.uploads).toHaveLength(1);
    // Full: no way to add, and it says why.
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(screen.getAllByText(PHOTOS_FULL_MESSAGE).length).toBeGreaterThan(0);
  });

  it('reorders with the buttons: the order sent is the new one, it is announced, and focus stays on the moved photo', async () => {
    const server = photoServer([photo(0), photo(1), photo(2)]);
    await renderManager();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(server.orders).toEqual([[ids[1], ids[0], ids[2]]]));
    expect(order()).toEqual([photoUrl(ids[1] ?? '', 640), photoUrl(ids[0] ?? '', 640), photoUrl(ids[2] ?? '', 640)]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Moved. This is now your main photo.'));
    // It is photo 1 now: "Move earlier" no longer applies, so focus went to "Move later" on the same photo.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 1 later' }));

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(server.orders.at(-1)).toEqual([ids[0], ids[1], ids[2]]));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Moved to position 2 of 3.'));

    await user.click(screen.getByRole('button', { name: 'Make photo 3 your main photo' }));
    await waitFor(() => expect(server.orders.at(-1)).toEqual([ids[2], ids[0], ids[1]]));
    expect(screen.getByRole('img', { name: 'Your main photo' })).toHaveAttribute('src', photoUrl(ids[2] ?? '', 640));
  });

  it('reorders by keyboard alone', async () => {
    const server = photoServer([photo(0), photo(1)]);
    await renderManager();
    const later = screen.getByRole('button', { name: 'Move photo 1 later' });
    later.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(server.orders).toEqual([[ids[1], ids[0]]]));
  });

  it('puts the old order back and says why when the server refuses it', async () => {
    photoServer([photo(0), photo(1)], { failOrder: 'Order must list each of your photos exactly once' });
    await renderManager();
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order must list each of your photos exactly once');
    await waitFor(() => expect(order()).toEqual([photoUrl(ids[0] ?? '', 640), photoUrl(ids[1] ?? '', 640)]));
  });

  it('reorders by dragging one photo onto another', async () => {
    const server = photoServer([photo(0), photo(1), photo(2)]);
    await renderManager();
    const [first, , third] = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('listitem');
    if (!first || !third) throw new Error('three photos expected');
    const dataTransfer = { data: {} as Record<string, string>, setData(type: string, value: string) { this.data[type] = value; }, getData(type: string) { return this.data[type] ?? ''; }, dropEffect: 'none', effectAllowed: 'all' };
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() => expect(server.orders).toEqual([[ids[2], ids[0], ids[1]]]));
  });

  it('deletes a photo only after confirming', async () => {
    const server = photoServer([photo(0), photo(1)]);
    const { queryClient } = await renderManager();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep photo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.deleted).toEqual([ids[1]]);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Photo deleted. You have 1 of 6 photos.');
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.photos).toEqual([photoUrl(ids[0] ?? '', 640)]);
  });
});

describe('photos in Edit Profile', () => {
  it('starts editing at the name, and a delete confirmation over the dialog keeps focus and closes alone on Escape', async () => {
    const server = photoServer([photo(0), photo(1)]);
    await renderScreen(() => <EditProfileDialog user={me()} open onClose={() => {}} onSaved={() => {}} />);
    const editor = screen.getByRole('dialog', { name: 'Edit Profile' });
    await within(editor).findByText(/2 of 6 photos/);
    expect(within(editor).getByRole('group', { name: 'Photos' })).toBeInTheDocument();
    expect(within(editor).getByLabelText('Name')).toHaveFocus();

    const user = userEvent.setup();
    await user.click(within(editor).getByRole('button', { name: 'Delete photo 2' }));
    const confirmation = screen.getByRole('dialog', { name: 'Delete this photo?' });
    // The editor's focus trap leaves a dialog opened over it alone.
    expect(within(confirmation).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(confirmation).getByRole('button', { name: 'Keep photo' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete this photo?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(server.deleted).toEqual([]);
  });
});
