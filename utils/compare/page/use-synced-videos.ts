import { type RefObject, useCallback, useEffect, useState } from 'react';
import { leaderIndex, syncCorrections } from '../video-sync';

export interface SyncedVideos {
  playing: boolean;
  /** The leader's position and length, in seconds; the length is 0 until one is known. */
  time: number;
  duration: number;
  toggle: () => void;
  seek: (time: number) => void;
}

/** Media events do not bubble: the root hears its videos' events in the capture phase. */
const WATCHED = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked', 'ended'] as const;

const lengthOf = (video: HTMLVideoElement) => (Number.isFinite(video.duration) ? video.duration : 0);
const leaderOf = (all: readonly HTMLVideoElement[]) => all[leaderIndex(all.map((video) => video.duration))];

/** A play() that fails is left to the caller to notice; unhandled, it would be an error in the console. */
const quietly = (video: HTMLVideoElement) => video.play()?.catch(() => undefined);

/**
 * The videos under `root` played as one: one play, pause and position for all, and while they play, every
 * follower kept within the sync tolerance of the leader (the longest video) on each animation frame, often
 * enough that drift never shows, where `timeupdate` (about four times a second) would let it. The videos are
 * found in the DOM rather than by refs: a tile's video element comes and goes as its source resolves.
 */
export function useSyncedVideos(root: RefObject<HTMLElement | null>): SyncedVideos {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const videos = useCallback(
    (): HTMLVideoElement[] => [...(root.current?.querySelectorAll('video') ?? [])],
    [root],
  );

  const pauseAll = useCallback(() => {
    for (const video of videos()) video.pause();
    setPlaying(false);
  }, [videos]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onEvent = (event: Event) => {
      const leader = leaderOf(videos());
      if (!leader) return;
      setTime(leader.currentTime);
      setDuration(lengthOf(leader));
      // The longest has ended, so all have: paused together, the next Play starts them all from the beginning.
      if (event.type === 'ended' && event.target === leader) pauseAll();
    };
    for (const type of WATCHED) element.addEventListener(type, onEvent, true);
    return () => {
      for (const type of WATCHED) element.removeEventListener(type, onEvent, true);
    };
  }, [root, videos, pauseAll]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const follow = () => {
      const all = videos();
      const leader = leaderOf(all);
      const followers = all.filter((video) => video !== leader);
      if (leader) {
        for (const { index, time: to } of syncCorrections(leader.currentTime, followers)) {
          const follower = followers[index];
          if (follower) follower.currentTime = to;
        }
      }
      // A shorter video stops at its end; moved back before it (a seek), it must play along again.
      for (const follower of followers) {
        if (follower.paused && follower.currentTime < lengthOf(follower)) void quietly(follower);
      }
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [playing, videos]);

  const seek = useCallback(
    (to: number) => {
      for (const video of videos()) video.currentTime = Math.min(to, lengthOf(video) || to);
      setTime(to);
    },
    [videos],
  );

  const toggle = useCallback(() => {
    if (playing) return pauseAll();
    const all = videos();
    const leader = leaderOf(all);
    if (!leader) return;
    if (leader.ended || (lengthOf(leader) > 0 && leader.currentTime >= lengthOf(leader))) seek(0);
    setPlaying(true);
    for (const video of all) {
      if (video !== leader) {
        // A follower that will not play (its file failed) must not stop the others.
        void quietly(video);
        continue;
      }
      // The leader that will not play leaves nothing to follow: all pause again and the button says Play. An
      // AbortError is a pause that came before the play began, no failure to undo.
      void video.play()?.catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) pauseAll();
      });
    }
  }, [playing, pauseAll, videos, seek]);

  return { playing, time, duration, toggle, seek };
}
