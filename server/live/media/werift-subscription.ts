import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  // Aliased: werift's extension factories are not React hooks, whatever their names say.
  useAbsSendTime as absSendTimeExtension,
  useSdesMid as sdesMidExtension,
  type RTCPeerConnectionConfig,
  type RTCRtpSender,
} from 'werift';
import { completeLocalDescription } from './werift-connection';
import { isKeyframeRequest, type MediaKind, type SourceTrack, type WeriftSource } from './werift-source';

/**
 * One viewer's leg of the werift forwarder: a peer connection that sends the
 * host's codecs (same payload types and parameters, so packets pass
 * unchanged apart from SSRC, sequence and header extensions, which each
 * sender owns), the host's packets written to it as they come, and the
 * viewer's keyframe requests reported upwards.
 */

/** Typical packet spacing in RTP clock ticks, for continuing a viewer's timestamps across a new source. */
const TICKS_PER_PACKET: Record<MediaKind, number> = { video: 3000, audio: 960 };

const VIDEO_FEEDBACK = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }, { type: 'goog-remb' }];

function sameCodec(a: RTCRtpCodecParameters, b: RTCRtpCodecParameters): boolean {
  return a.mimeType.toLowerCase() === b.mimeType.toLowerCase() && a.payloadType === b.payloadType && (a.parameters ?? '') === (b.parameters ?? '');
}

/** The source's codec for a subscription's offer: a fresh object (werift keeps and mutates its configuration's codecs). */
function offeredCodec(track: SourceTrack): RTCRtpCodecParameters {
  const { codec } = track;
  return new RTCRtpCodecParameters({
    mimeType: codec.mimeType,
    clockRate: codec.clockRate,
    channels: codec.channels,
    payloadType: codec.payloadType,
    parameters: codec.parameters,
    rtcpFeedback: track.kind === 'video' ? VIDEO_FEEDBACK.map((feedback) => ({ ...feedback })) : [],
  });
}

interface SendLeg {
  sender: RTCRtpSender;
  codec: RTCRtpCodecParameters;
  /** The source whose packets this leg last sent; a different one means a new sequence to continue from. */
  lastSource: WeriftSource | undefined;
}

export class WeriftSubscription {
  private answered = false;
  private closed = false;

  private constructor(
    readonly id: string,
    readonly streamId: string,
    readonly connection: RTCPeerConnection,
    private readonly legs: ReadonlyMap<MediaKind, SendLeg>,
    private readonly onKeyframeWanted: () => void,
  ) {}

  /**
   * Makes the viewer's connection for `source`'s tracks and its complete
   * offer. `onKeyframeWanted` is called when the viewer connects and on each
   * PLI or FIR it sends.
   */
  static async open(
    id: string,
    source: WeriftSource,
    config: Partial<RTCPeerConnectionConfig>,
    gatherLimitMs: number,
    onKeyframeWanted: () => void,
  ): Promise<{ subscription: WeriftSubscription; offerSdp: string }> {
    const video = source.track('video');
    const audio = source.track('audio');
    const connection = new RTCPeerConnection({
      ...config,
      bundlePolicy: 'max-bundle',
      codecs: { video: video ? [offeredCodec(video)] : [], audio: audio ? [offeredCodec(audio)] : [] },
      headerExtensions: { video: [sdesMidExtension(), absSendTimeExtension()], audio: [sdesMidExtension()] },
    });
    try {
      const legs = new Map<MediaKind, SendLeg>();
      for (const track of source.tracks) {
        const transceiver = connection.addTransceiver(track.kind, { direction: 'sendonly' });
        legs.set(track.kind, { sender: transceiver.sender, codec: track.codec, lastSource: undefined });
      }
      const subscription = new WeriftSubscription(id, source.streamId, connection, legs, onKeyframeWanted);
      connection.connectionStateChange.subscribe((state) => {
        if (state === 'connected' && !subscription.closed) onKeyframeWanted();
      });
      await connection.setLocalDescription(await connection.createOffer());
      const offerSdp = await completeLocalDescription(connection, gatherLimitMs);
      return { subscription, offerSdp };
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  /** Sets the viewer's answer; throws (a plain Error) when werift refuses it or it was set before. */
  async answer(answerSdp: string): Promise<void> {
    if (this.answered) throw new Error('this subscription has its answer already');
    await this.connection.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    this.answered = true;
    // After the answer the bundled transport is final: every keyframe request (PLI or FIR) comes through it.
    const transport = this.legs.get('video')?.sender.dtlsTransport;
    transport?.onRtcp.subscribe((packet) => {
      if (!this.closed && isKeyframeRequest(packet)) this.onKeyframeWanted();
    });
  }

  /**
   * Writes one of the host's packets to the viewer: a fresh header (the
   * sender sets its SSRC, sequence and extensions on it, and keeps it for
   * retransmission), the payload as it came. Packets in a codec this
   * subscription did not negotiate (a replacing source chose another) are
   * dropped; the viewer subscribes again.
   */
  forward(source: WeriftSource, kind: MediaKind, packet: RtpPacket): void {
    if (this.closed || !this.answered) return;
    const leg = this.legs.get(kind);
    const sourceCodec = source.track(kind)?.codec;
    if (!leg || !sourceCodec || !sameCodec(leg.codec, sourceCodec)) return;
    if (leg.sender.dtlsTransport.state !== 'connected') return;
    const { header } = packet;
    if (leg.lastSource !== source) {
      if (leg.lastSource !== undefined) {
        // A new source: continue this viewer's sequence and timestamps one packet on, rather than jump.
        leg.sender.replaceRTP({
          sequenceNumber: (header.sequenceNumber - 1) & 0xffff,
          timestamp: (header.timestamp - TICKS_PER_PACKET[kind]) >>> 0,
        });
      }
      leg.lastSource = source;
    }
    const copy = new RtpHeader({
      payloadType: header.payloadType,
      sequenceNumber: header.sequenceNumber,
      timestamp: header.timestamp,
      marker: header.marker,
      ssrc: header.ssrc,
    });
    leg.sender.sendRtp(new RtpPacket(copy, packet.payload)).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.connection.close();
  }
}
