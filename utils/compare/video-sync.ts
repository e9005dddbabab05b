/** How far apart the videos of a comparison may ever be, in seconds: well under what the eye notices side by side. */
export const SYNC_TOLERANCE = 0.1;

/**
 * A follower is seeked once it drifts this far: half the tolerance, so that the drift of the moments between two
 * checks (a frame, or several when the page is busy) still stays within it. Wide enough that decoders of
 * different speeds are not seeked every frame (each seek holds them all, below).
 */
export const SEEK_FROM = SYNC_TOLERANCE / 2;

export interface VideoState {
  currentTime: number;
  /** NaN until the metadata is loaded. */
  duration: number;
  /** A seek already on its way: asking again would only restart it. */
  seeking: boolean;
  /** It has the frames to play on from where it is (the media's HAVE_FUTURE_DATA). */
  ready: boolean;
  /** Its file failed: it is left behind rather than holding the others for ever. */
  failed: boolean;
}

export interface Correction {
  /** Position in the followers given. */
  index: number;
  time: number;
}

export interface SyncPlan {
  seeks: Correction[];
  /**
   * Everything waits: a video is seeking or has run out of frames, and the others playing on would leave it
   * behind by more than the tolerance (a slow seek or a buffering file takes far longer than 0.1 s).
   */
  hold: boolean;
}

const endOf = (video: VideoState) =>
  Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;

/**
 * Whether the others wait for this video: it is seeking or has run out of frames. One at its end has no frames to
 * come and is where it should be (a shorter one waits on its last frame); one that failed would hold them for ever.
 */
export const waitedFor = (video: VideoState) =>
  !video.failed && (video.seeking || (!video.ready && video.currentTime < endOf(video)));

/**
 * What keeps the followers within `SYNC_TOLERANCE` of the leader: the seeks that bring back those that drifted
 * (a shorter video is held at its end, not seeked past it), and whether all must wait for one that cannot play on.
 */
export function syncPlan(leader: VideoState, followers: readonly VideoState[]): SyncPlan {
  if (!Number.isFinite(leader.currentTime)) return { seeks: [], hold: false };
  const seeks = followers.flatMap((follower, index) => {
    if (follower.seeking || follower.failed) return [];
    const time = Math.min(leader.currentTime, endOf(follower));
    return Math.abs(follower.currentTime - time) > SEEK_FROM ? [{ index, time }] : [];
  });
  return { seeks, hold: seeks.length > 0 || waitedFor(leader) || followers.some(waitedFor) };
}

/**
 * Which video leads: the longest, so the shared position runs to the last frame of any of them; the first of
 * equals (the person's order), and the first when no length is known yet.
 */
export function leaderIndex(durations: readonly number[]): number {
  let leader = 0;
  let longest = Number.NEGATIVE_INFINITY;
  durations.forEach((duration, index) => {
    if (Number.isFinite(duration) && duration > longest) {
      longest = duration;
      leader = index;
    }
  });
  return leader;
}
