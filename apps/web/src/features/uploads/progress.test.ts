import { describe, expect, it } from 'vitest';
import { filesProgress } from './progress.ts';

describe('filesProgress', () => {
  // Three files of 100, 200 and 100 bytes; 60 bytes of multipart overhead (20 before each part).
  const sizes = [100, 200, 100];
  const total = 460;

  it('fills the files in order as the request’s bytes go out', () => {
    expect(filesProgress(sizes, 0, total)).toEqual([0, 0, 0]);
    expect(filesProgress(sizes, 70, total)).toEqual([50, 0, 0]);
    expect(filesProgress(sizes, 120, total)).toEqual([100, 0, 0]);
    expect(filesProgress(sizes, 240, total)).toEqual([100, 50, 0]);
    expect(filesProgress(sizes, 400, total)).toEqual([100, 100, 40]);
    expect(filesProgress(sizes, total, total)).toEqual([100, 100, 100]);
  });

  it('never reports 100 for a file whose last byte has not gone out', () => {
    expect(filesProgress([1000], 1019, 1020)).toEqual([99]);
  });

  it('copes with no files, no total and empty files', () => {
    expect(filesProgress([], 10, 10)).toEqual([]);
    expect(filesProgress([5], 0, 0)).toEqual([0]);
    expect(filesProgress([0, 10], 35, 40)).toEqual([100, 50]);
  });
});
