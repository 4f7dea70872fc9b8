import {
  PictureLossIndication,
  RTCPeerConnection,
  RtcpPayloadSpecificFeedback,
  // Aliased: werift's codec factories are not React hooks, whatever their names say.
  useH264 as h264Codec,
  useOPUS as opusCodec,
  useSdesMid as sdesMidExtension,
  useVP8 as vp8Codec,
  type RtcpPacket,
  type RTCRtpCodecParameters,
  type RTCPeerConnectionConfig,
  type RTCRtpTransceiver,
  type RtpPacket,
} from 'werift';
import { MediaForwarderError } from './forwarder';
import { completeLocalDescription } from './werift-connection';

/**
 * A host's media coming into the werift forwarder: one peer connection that
 * answers the host's offer (receiving video and audio), the codec negotiated
 * for each, the packets as they arrive, and keyframe requests back to the
 * host, throttled.
 */

export type MediaKind = 'video' | 'audio';

/** What the host sends on one kind: the codec exactly as negotiated (payload type and parameters), which subscriptions copy. */
export interface SourceTrack {
  kind: MediaKind;
  codec: RTCRtpCodecParameters;
}

/** At most one keyframe request to the host per this long; requests inside it are merged into one at its end. */
export const KEYFRAME_REQUEST_INTERVAL_MS = 500;

/** Codecs a subscription can pass through to a browser unchanged: VP8 preferred, else H264 (packetization-mode 1 first); Opus. */
function preferredCodec(kind: MediaKind, offered: readonly RTCRtpCodecParameters[]): RTCRtpCodecParameters | undefined {
  const named = (name: string) => offered.filter((codec) => codec.mimeType.toLowerCase() === name);
  if (kind === 'audio') return named('audio/opus')[0];
  const h264 = named('video/h264');
  return named('video/vp8')[0] ?? h264.find((codec) => /packetization-mode=1/.test(codec.parameters ?? '')) ?? h264[0];
}

/** Fresh codec objects for every connection: werift writes payload types into its configuration's codecs. */
export function sourcePeerConfig(base: Partial<RTCPeerConnectionConfig>): RTCPeerConnectionConfig {
  return {
    ...base,
    bundlePolicy: 'max-bundle',
    codecs: { video: [vp8Codec(), h264Codec()], audio: [opusCodec()] },
    headerExtensions: { video: [sdesMidExtension()], audio: [sdesMidExtension()] },
  };
}

/** The payload-specific feedback format of a full intra request (RFC 5104); werift parses it but does not export its class. */
const FIR_FORMAT = 4;

/** Whether an RTCP packet from a viewer asks for a keyframe (PLI or FIR). */
export function isKeyframeRequest(packet: RtcpPacket): boolean {
  if (packet.type !== RtcpPayloadSpecificFeedback.type) return false;
  const format = (packet.feedback.constructor as { count?: unknown }).count;
  return format === PictureLossIndication.count || format === FIR_FORMAT;
}

export class WeriftSource {
  /** Set once the forwarder stops caring about this connection (unpublished or replaced), so its closing is not a loss. */
  retired = false;
  private videoTransceiver: RTCRtpTransceiver | undefined;
  /** The SSRC the host's video last arrived on: where keyframe requests go. */
  private videoSsrc: number | undefined;
  private lastKeyframeRequestAt = Number.NEGATIVE_INFINITY;
  private keyframeRequestTimer: NodeJS.Timeout | undefined;

  private constructor(
    readonly streamId: string,
    readonly connection: RTCPeerConnection,
    readonly tracks: readonly SourceTrack[],
  ) {}

  /**
   * Answers the host's offer (already checked to look like SDP): receives each
   * audio and video section it sends with the one codec a viewer can take
   * unchanged. Packets go to `onPacket` from the moment they arrive. Throws
   * a plain Error when werift refuses the offer or no codec fits, and
   * MediaForwarderError 'unavailable' when no candidate could be gathered.
   */
  static async open(
    streamId: string,
    offerSdp: string,
    config: Partial<RTCPeerConnectionConfig>,
    gatherLimitMs: number,
    onPacket: (source: WeriftSource, kind: MediaKind, packet: RtpPacket) => void,
  ): Promise<{ source: WeriftSource; answerSdp: string }> {
    const connection = new RTCPeerConnection(sourcePeerConfig(config));
    // werift announces the host's tracks while it applies the offer, before the source exists; no packet can come before the answer.
    let opened: WeriftSource | undefined;
    connection.onTrack.subscribe((track) => {
      const kind = track.kind;
      if (kind !== 'video' && kind !== 'audio') return;
      track.onReceiveRtp.subscribe((packet) => {
        const source = opened;
        if (!source) return;
        if (kind === 'video') source.videoSsrc = packet.header.ssrc;
        onPacket(source, kind, packet);
      });
    });
    try {
      await connection.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      const tracks: SourceTrack[] = [];
      for (const transceiver of connection.getTransceivers()) {
        const kind = transceiver.kind;
        if (kind !== 'video' && kind !== 'audio') continue;
        const codec = preferredCodec(kind, transceiver.codecs);
        // offerDirection is this side's view: 'recvonly' or 'sendrecv' when the host sends on this section.
        const hostSends = transceiver.offerDirection === 'recvonly' || transceiver.offerDirection === 'sendrecv';
        if (!codec || !hostSends) {
          transceiver.setDirection('inactive');
          continue;
        }
        // The answer names this codec alone, so the host sends nothing a viewer could not take.
        transceiver.codecs = [codec];
        transceiver.setDirection('recvonly');
        tracks.push({ kind, codec });
      }
      if (tracks.length === 0) {
        throw new Error('the offer sends no VP8 or H264 video and no Opus audio');
      }
      const source = new WeriftSource(streamId, connection, tracks);
      source.videoTransceiver = connection.getTransceivers().find((transceiver) => transceiver.kind === 'video' && transceiver.direction === 'recvonly');
      opened = source;
      await connection.setLocalDescription(await connection.createAnswer());
      const answerSdp = await completeLocalDescription(connection, gatherLimitMs).catch((error: unknown) => {
        throw new MediaForwarderError('unavailable', `no candidates for the host: ${error instanceof Error ? error.message : String(error)}`);
      });
      return { source, answerSdp };
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  track(kind: MediaKind): SourceTrack | undefined {
    return this.tracks.find((track) => track.kind === kind);
  }

  /**
   * Asks the host for a keyframe (a PLI): at once when none went out in the
   * last KEYFRAME_REQUEST_INTERVAL_MS, else once at the end of that interval,
   * so a crowd of joiners costs the host one keyframe per interval.
   */
  requestKeyframe(): void {
    if (this.retired || this.keyframeRequestTimer) return;
    const wait = this.lastKeyframeRequestAt + KEYFRAME_REQUEST_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      this.sendKeyframeRequest();
      return;
    }
    this.keyframeRequestTimer = setTimeout(() => {
      this.keyframeRequestTimer = undefined;
      this.sendKeyframeRequest();
    }, wait);
  }

  private sendKeyframeRequest(): void {
    const transceiver = this.videoTransceiver;
    const mediaSsrc = this.videoSsrc;
    // Nothing has arrived yet: the host's first frame is a keyframe anyway.
    if (!transceiver || mediaSsrc === undefined || this.retired) return;
    this.lastKeyframeRequestAt = Date.now();
    const request = new RtcpPayloadSpecificFeedback({
      feedback: new PictureLossIndication({ senderSsrc: transceiver.receiver.rtcpSsrc, mediaSsrc }),
    });
    transceiver.receiver.dtlsTransport.sendRtcp([request]).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.retired = true;
    clearTimeout(this.keyframeRequestTimer);
    this.keyframeRequestTimer = undefined;
    await this.connection.close();
  }
}
