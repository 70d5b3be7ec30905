import { describe, expect, it } from 'vitest';
import { ImageError, isLargeImage, targetSize } from '../../src/client/features/profile/compress';

describe('profile image sizing (600 px long side)', () => {
  it('scales a landscape image so its width is 600', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 600, height: 450 });
  });
  it('scales a portrait image so its height is 600', () => {
    expect(targetSize(1080, 1920)).toEqual({ width: 338, height: 600 });
  });
  it('scales a square image', () => {
    expect(targetSize(1200, 1200)).toEqual({ width: 600, height: 600 });
  });
  it('never upscales a small image', () => {
    expect(targetSize(320, 200)).toEqual({ width: 320, height: 200 });
    expect(targetSize(600, 10)).toEqual({ width: 600, height: 10 });
  });
  it('keeps very thin images at least 1 px', () => {
    expect(targetSize(10000, 1)).toEqual({ width: 600, height: 1 });
  });
  it('refuses an image without dimensions', () => {
    expect(() => targetSize(0, 100)).toThrow(ImageError);
    expect(() => targetSize(Number.NaN, 100)).toThrow('Error processing image. Please try another image.');
  });
  it('warns above 2 MB only', () => {
    expect(isLargeImage(2 * 1024 * 1024)).toBe(false);
    expect(isLargeImage(2 * 1024 * 1024 + 1)).toBe(true);
  });
});
