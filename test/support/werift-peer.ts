import {
  RTCPeerConnection,
  RtpHeader,
  RtpPacket,
  // Aliased: werift's codec factories are not React hooks, whatever their names say.
  useH264 as h264Codec,
  useOPUS as opusCodec,
  useSdesMid as sdesMidExtension,
  useVP8 as vp8Codec,
  type MediaStreamTrack,
  type RTCPeerConnectionConfig,
  type RTCRtpTransceiver,
} from 'werift';
import { completeLocalDescription, connectionEstablished } from '../../server/live/media/werift-connection';

/**
 * werift clients that stand in for a browser in the media suite
 * (test/live-media) and the live bench: a host that sends synthetic VP8
 * video (and Opus-sized audio packets) and viewers that count what arrives.
 * Descriptions are complete (non-trickle), as Orbit's forwarders expect.
 *
 * The video is not decodable; it carries what a forwarder and a counter need:
 * a VP8 payload descriptor (start of partition 0 on a frame's first packet)
 * and a VP8 frame tag whose P bit tells a keyframe from an interframe, with
 * the keyframe start code after it. The RTP marker bit ends each frame.
 */

const GATHER_LIMIT_MS = 10_000;
const VIDEO_CLOCK_RATE = 90_000;
const AUDIO_PACKET_MS = 20;
const AUDIO_SAMPLES_PER_PACKET = 960;

/** Never a STUN server (werift's default is a public one): test peers stay on this machine's interfaces. */
export function testPeerConfig(extra: Partial<RTCPeerConnectionConfig> = {}): RTCPeerConnectionConfig {
  return {
    iceServers: [],
    iceUseIpv6: false,
    bundlePolicy: 'max-bundle',
    codecs: { video: [vp8Codec(), h264Codec()], audio: [opusCodec()] },
    headerExtensions: { video: [sdesMidExtension()], audio: [sdesMidExtension()] },
    ...extra,
  };
}

export interface PublisherOptions {
  /** Frames per second (default 30). */
  frameRate?: number;
  /** The natural keyframe interval; a PLI brings the next keyframe forward (default 2000 ms). */
  keyframeIntervalMs?: number;
  /** RTP packets per video frame (default 1); the last carries the marker bit. */
  packetsPerFrame?: number;
  /** Bytes of VP8 payload per packet (default 800). */
  packetBytes?: number;
  /** Send Opus-sized audio packets every 20 ms too (default true). */
  audio?: boolean;
  config?: Partial<RTCPeerConnectionConfig>;
}

export interface PublisherStats {
  framesSent: number;
  keyframesSent: number;
  /** Picture loss indications received (each brings the next frame forward as a keyframe). */
  pliReceived: number;
  audioPacketsSent: number;
}

export interface SyntheticPublisher {
  /** The complete offer (sendonly video and audio) for the forwarder's `publish`. */
  readonly offerSdp: string;
  /** Sets the forwarder's answer and resolves once connected; frames flow from then on. */
  accept(answerSdp: string, connectTimeoutMs?: number): Promise<void>;
  stats(): PublisherStats;
  readonly connection: RTCPeerConnection;
  /** Stops sending and closes the connection (also how a test makes the source vanish). */
  close(): Promise<void>;
}

/** A VP8 packet: payload descriptor, then (on a frame's first packet) the frame tag. */
function vp8Payload(firstPacketOfFrame: boolean, keyframe: boolean, bytes: number): Buffer {
  const payload = Buffer.alloc(Math.max(bytes, 11));
  // Descriptor: X=0, N=0, S=1 on the first packet of the frame, PID=0.
  payload[0] = firstPacketOfFrame ? 0x10 : 0x00;
  if (firstPacketOfFrame) {
    // Frame tag: P bit (bit 0) clear for a keyframe, show_frame set; the first partition size is left 0.
    payload[1] = keyframe ? 0x10 : 0x11;
    payload[2] = 0;
    payload[3] = 0;
    if (keyframe) {
      // Keyframe start code and a 320x240 frame size.
      payload.set([0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00], 4);
    }
  }
  return payload;
}

function randomUint(bits: 16 | 32): number {
  return Math.floor(Math.random() * 2 ** bits);
}

function videoAudioTransceivers(connection: RTCPeerConnection): { video: RTCRtpTransceiver; audio: RTCRtpTransceiver } {
  const video = connection.getTransceivers().find((transceiver) => transceiver.kind === 'video');
  const audio = connection.getTransceivers().find((transceiver) => transceiver.kind === 'audio');
  if (!video || !audio) throw new Error('expected a video and an audio transceiver');
  return { video, audio };
}

export async function createSyntheticPublisher(options: PublisherOptions = {}): Promise<SyntheticPublisher> {
  const frameRate = options.frameRate ?? 30;
  const keyframeIntervalMs = options.keyframeIntervalMs ?? 2000;
  const packetsPerFrame = options.packetsPerFrame ?? 1;
  const packetBytes = options.packetBytes ?? 800;
  const sendAudio = options.audio ?? true;

  const connection = new RTCPeerConnection(testPeerConfig(options.config));
  connection.addTransceiver('video', { direction: 'sendonly' });
  connection.addTransceiver('audio', { direction: 'sendonly' });
  await connection.setLocalDescription(await connection.createOffer());
  const offerSdp = await completeLocalDescription(connection, GATHER_LIMIT_MS);
  const { video, audio } = videoAudioTransceivers(connection);

  const stats: PublisherStats = { framesSent: 0, keyframesSent: 0, pliReceived: 0, audioPacketsSent: 0 };
  let keyframeDue = true;
  let lastKeyframeAt = 0;
  let videoSequence = randomUint(16);
  let videoTimestamp = randomUint(32);
  let audioSequence = randomUint(16);
  let audioTimestamp = randomUint(32);
  const timers: NodeJS.Timeout[] = [];

  video.sender.onPictureLossIndication.subscribe(() => {
    stats.pliReceived += 1;
    keyframeDue = true;
  });

  const sendFrame = () => {
    const codec = video.sender.codec;
    if (!codec) return;
    const now = Date.now();
    const keyframe = keyframeDue || now - lastKeyframeAt >= keyframeIntervalMs;
    if (keyframe) {
      keyframeDue = false;
      lastKeyframeAt = now;
      stats.keyframesSent += 1;
    }
    videoTimestamp = (videoTimestamp + Math.round(VIDEO_CLOCK_RATE / frameRate)) >>> 0;
    for (let index = 0; index < packetsPerFrame; index += 1) {
      const header = new RtpHeader({
        payloadType: codec.payloadType,
        sequenceNumber: videoSequence,
        timestamp: videoTimestamp,
        marker: index === packetsPerFrame - 1,
        ssrc: video.sender.ssrc,
      });
      videoSequence = (videoSequence + 1) & 0xffff;
      void video.sender.sendRtp(new RtpPacket(header, vp8Payload(index === 0, keyframe, packetBytes)));
    }
    stats.framesSent += 1;
  };

  const sendAudioPacket = () => {
    const codec = audio.sender.codec;
    if (!codec) return;
    audioTimestamp = (audioTimestamp + AUDIO_SAMPLES_PER_PACKET) >>> 0;
    const header = new RtpHeader({ payloadType: codec.payloadType, sequenceNumber: audioSequence, timestamp: audioTimestamp, ssrc: audio.sender.ssrc });
    audioSequence = (audioSequence + 1) & 0xffff;
    // About what Opus at 32 kbit/s puts in 20 ms.
    void audio.sender.sendRtp(new RtpPacket(header, Buffer.alloc(80, 0xfc)));
    stats.audioPacketsSent += 1;
  };

  const stopSending = () => {
    for (const timer of timers.splice(0)) clearInterval(timer);
  };

  return {
    offerSdp,
    connection,
    async accept(answerSdp, connectTimeoutMs = 10_000) {
      await connection.setRemoteDescription({ type: 'answer', sdp: answerSdp });
      await connectionEstablished(connection, connectTimeoutMs);
      stopSending();
      timers.push(setInterval(sendFrame, 1000 / frameRate));
      if (sendAudio) timers.push(setInterval(sendAudioPacket, AUDIO_PACKET_MS));
    },
    stats: () => ({ ...stats }),
    async close() {
      stopSending();
      await connection.close();
    },
  };
}

export interface ViewerStats {
  /** Complete frames: packets with the marker bit, one per distinct timestamp. */
  frames: number;
  keyframes: number;
  videoPackets: number;
  audioPackets: number;
  /** Date.now() when the first keyframe began to arrive, or null. */
  firstKeyframeAt: number | null;
  firstFrameAt: number | null;
}

export interface SyntheticViewer {
  /** Answers the forwarder's offer with a complete answer. */
  answer(offerSdp: string): Promise<string>;
  /** Resolves once the connection is connected. */
  connected(timeoutMs?: number): Promise<void>;
  stats(): ViewerStats;
  /** Resolves when `frames` frames have arrived since this call (or rejects after the timeout). */
  waitForFrames(frames: number, timeoutMs: number): Promise<void>;
  /** Resolves when a keyframe arrives after this call. */
  waitForKeyframe(timeoutMs: number): Promise<number>;
  /** Asks the sender for a keyframe (a PLI), as a browser does after loss. */
  requestKeyframe(): Promise<void>;
  readonly connection: RTCPeerConnection;
  close(): Promise<void>;
}

/** Whether a VP8 RTP payload starts a keyframe: the descriptor's S bit with partition 0, then a frame tag with P clear. */
export function isVp8KeyframeStart(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const descriptor = payload[0] ?? 0;
  const startOfPartition = (descriptor & 0x10) !== 0 && (descriptor & 0x07) === 0;
  if (!startOfPartition) return false;
  let offset = 1;
  if (descriptor & 0x80) {
    // Extension byte(s): I (picture id, 1 or 2 bytes), L (TL0PICIDX), T/K (TID/KEYIDX).
    const extension = payload[offset] ?? 0;
    offset += 1;
    if (extension & 0x80) offset += (payload[offset] ?? 0) & 0x80 ? 2 : 1;
    if (extension & 0x40) offset += 1;
    if (extension & 0x30) offset += 1;
  }
  const frameTag = payload[offset];
  return frameTag !== undefined && (frameTag & 0x01) === 0;
}

export function createSyntheticViewer(config: Partial<RTCPeerConnectionConfig> = {}): Promise<SyntheticViewer> {
  const connection = new RTCPeerConnection(testPeerConfig(config));
  const stats: ViewerStats = { frames: 0, keyframes: 0, videoPackets: 0, audioPackets: 0, firstKeyframeAt: null, firstFrameAt: null };
  const frameListeners = new Set<() => void>();
  const keyframeListeners = new Set<(at: number) => void>();
  let videoTrack: MediaStreamTrack | null = null;
  let lastMarkedTimestamp: number | null = null;

  connection.onTrack.subscribe((track) => {
    if (track.kind === 'audio') {
      track.onReceiveRtp.subscribe(() => {
        stats.audioPackets += 1;
      });
      return;
    }
    videoTrack = track;
    track.onReceiveRtp.subscribe((packet) => {
      stats.videoPackets += 1;
      if (isVp8KeyframeStart(packet.payload)) {
        const at = Date.now();
        stats.keyframes += 1;
        stats.firstKeyframeAt ??= at;
        for (const listener of keyframeListeners) listener(at);
      }
      if (packet.header.marker && packet.header.timestamp !== lastMarkedTimestamp) {
        lastMarkedTimestamp = packet.header.timestamp;
        stats.frames += 1;
        stats.firstFrameAt ??= Date.now();
        for (const listener of frameListeners) listener();
      }
    });
  });

  return Promise.resolve({
    connection,
    async answer(offerSdp) {
      await connection.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      await connection.setLocalDescription(await connection.createAnswer());
      return completeLocalDescription(connection, GATHER_LIMIT_MS);
    },
    connected: (timeoutMs = 10_000) => connectionEstablished(connection, timeoutMs),
    stats: () => ({ ...stats }),
    waitForFrames(frames, timeoutMs) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const listener = () => {
          seen += 1;
          if (seen < frames) return;
          clearTimeout(timer);
          frameListeners.delete(listener);
          resolve();
        };
        const timer = setTimeout(() => {
          frameListeners.delete(listener);
          reject(new Error(`only ${seen} of ${frames} frames within ${timeoutMs} ms`));
        }, timeoutMs);
        frameListeners.add(listener);
      });
    },
    waitForKeyframe(timeoutMs) {
      return new Promise((resolve, reject) => {
        const listener = (at: number) => {
          clearTimeout(timer);
          keyframeListeners.delete(listener);
          resolve(at);
        };
        const timer = setTimeout(() => {
          keyframeListeners.delete(listener);
          reject(new Error(`no keyframe within ${timeoutMs} ms`));
        }, timeoutMs);
        keyframeListeners.add(listener);
      });
    },
    async requestKeyframe() {
      const track = videoTrack;
      const transceiver = connection.getTransceivers().find((candidate) => candidate.kind === 'video');
      if (!track?.ssrc || !transceiver) return;
      await transceiver.receiver.sendRtcpPLI(track.ssrc);
    },
    async close() {
      frameListeners.clear();
      keyframeListeners.clear();
      await connection.close();
    },
  });
}
