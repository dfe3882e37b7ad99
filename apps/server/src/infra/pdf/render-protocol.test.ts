import { describe, expect, it } from 'vitest';
import { postImage, type ImagePort, type ToWorker } from './render-protocol';

/** A port that records what it is sent, and refuses to move the first buffer as Node 24 refuses sharp's. */
function refusingPort(): ImagePort & { sent: { value: ToWorker; moved: ArrayBuffer[] }[] } {
  let refused = false;
  const sent: { value: ToWorker; moved: ArrayBuffer[] }[] = [];
  return {
    sent,
    postMessage(value, transferList) {
      if (!refused && transferList.length > 0) {
        refused = true;
        throw new DOMException('Cannot transfer object of unsupported type.', 'DataCloneError');
      }
      sent.push({ value, moved: transferList });
    },
  };
}

describe('an image sent to the render worker', () => {
  it('moves its bytes when they may be moved', () => {
    const sent: ArrayBuffer[][] = [];
    const bytes = new Uint8Array([1, 2, 3]);
    postImage({ postMessage: (_value, transferList) => sent.push(transferList) }, 0, bytes, null);
    expect(sent).toEqual([[bytes.buffer]]);
  });

  it('sends a copy of the same bytes when the runtime refuses to move them (memory a native module allocated)', () => {
    const port = refusingPort();
    postImage(port, 4, new Uint8Array([9, 8, 7]), 'a note');
    expect(port.sent).toHaveLength(1);
    const [only] = port.sent;
    expect(only?.value).toMatchObject({ type: 'image', index: 4, note: 'a note' });
    const moved = only?.value.type === 'image' ? only.value.bytes : null;
    expect(moved && [...new Uint8Array(moved)]).toEqual([9, 8, 7]);
    expect(only?.moved).toEqual([moved]);
  });

  it('sends a note with no bytes as it is, and does not hide any other failure', () => {
    const port = refusingPort();
    postImage(port, 1, null, 'not stored');
    expect(port.sent).toEqual([{ value: { type: 'image', index: 1, bytes: null, note: 'not stored' }, moved: [] }]);
    const broken: ImagePort = {
      postMessage: () => {
        throw new Error('worker gone');
      },
    };
    expect(() => postImage(broken, 0, new Uint8Array([1]), null)).toThrow('worker gone');
  });
});
