import { type RefObject, useCallback, useEffect, useState } from 'react';
import { leaderIndex, syncPlan, type VideoState, waitedFor } from '../video-sync';

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
const stateOf = (video: HTMLVideoElement): VideoState => ({
  currentTime: video.currentTime,
  duration: video.duration,
  seeking: video.seeking,
  ready: video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
  failed: video.error !== null,
});
const leaderOf = (all: readonly HTMLVideoElement[]) => all[leaderIndex(all.map((video) => video.duration))];

/** A play() that fails is left to the caller to notice; unhandled, it would be an error in the console. */
const quietly = (video: HTMLVideoElement) => video.play()?.catch(() => undefined);

/**
 * The videos under `root` played as one: one play, pause and position for all, and while they play, every
 * follower kept within the sync tolerance of the leader (the longest video) on each animation frame, often
 * enough that drift never shows, where `timeupdate` (about four times a second) would let it. While one seeks or
 * buffers, the others wait for it, as one player would. The videos are found in the DOM rather than by refs: a
 * tile's video element comes and goes as its source resolves.
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

  /**
   * The leader's play is the one that counts: one that will not play leaves nothing to follow, so all pause
   * again and the button says Play. An AbortError is a pause that came before the play began, no failure.
   */
  const playLeader = useCallback(
    (leader: HTMLVideoElement) =>
      void leader.play()?.catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) pauseAll();
      }),
    [pauseAll],
  );

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const follow = () => {
      const all = videos();
      const leader = leaderOf(all);
      if (leader) {
        const followers = all.filter((video) => video !== leader);
        const plan = syncPlan(stateOf(leader), followers.map(stateOf));
        for (const { index, time: to } of plan.seeks) {
          const follower = followers[index];
          if (follower) follower.currentTime = to;
        }
        for (const video of all) {
          // While all wait, the one waited for is left playing: its file is fetched as for a playing video.
          if (plan.hold && !waitedFor(stateOf(video))) video.pause();
          // Released from a hold, or a shorter video moved back before its end (a seek): it plays along again.
          else if (video.paused && !video.seeking && video.currentTime < lengthOf(video)) {
            if (video === leader) playLeader(video);
            else void quietly(video);
          }
        }
      }
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [playing, videos, playLeader]);

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
      // A follower that will not play (its file failed) must not stop the others.
      if (video === leader) playLeader(video);
      else void quietly(video);
    }
  }, [playing, pauseAll, videos, seek, playLeader]);

  return { playing, time, duration, toggle, seek };
}
