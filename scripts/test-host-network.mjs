// The network of a test host: what the media tests (test/live-media), the
// live-stream browser tests and the live bench run inside, in a network
// namespace of their own (`unshare -n`), so WebRTC media never leaves this
// machine and never depends on its interfaces.
//
// Why not loopback alone (as the video-call tests had): werift and Janus
// gather no ICE candidates on loopback, and werift skips interfaces whose
// names start with veth, tun, tap (and vmnet, ipsec, utun). So the namespace
// gets a veth pair with other names, h0 and h1, one /24 with an address on
// each end. Measured here (werift 0.24.4, Node 20): a werift offerer and
// answerer in the same namespace both gather host candidates on 10.213.0.1
// and 10.213.0.2, connect and pass RTP; the kernel delivers traffic between
// two local addresses through its local routing table, so one namespace is
// enough and no second one (`ip netns`) is needed. Chromium (with
// --allow-loopback-in-peer-connection) also counts itself online with h0/h1
// up, which the video-call tests' link-local dummy interface was for.

/** The addresses of the test host's two interfaces. */
export const TEST_HOST_ADDRESSES = Object.freeze({ h0: '10.213.0.1', h1: '10.213.0.2' });

/**
 * Shell commands, run as root inside a fresh network namespace, that bring
 * loopback up and make the h0/h1 veth pair with its addresses. Exits non-zero
 * with a message when a step fails.
 */
export const TEST_HOST_NETWORK = `
ip link set lo up || { echo "test host: cannot bring loopback up" >&2; exit 1; }
ip link add h0 type veth peer name h1 || { echo "test host: cannot make the h0/h1 veth pair" >&2; exit 1; }
ip addr add ${TEST_HOST_ADDRESSES.h0}/24 dev h0 && ip addr add ${TEST_HOST_ADDRESSES.h1}/24 dev h1 &&
  ip link set h0 up && ip link set h1 up || { echo "test host: cannot address or raise h0/h1" >&2; exit 1; }
`;

/**
 * The script for `unshare -n sh -c <script> <command> <args...>`: the test
 * host network, then the command ("$0" "$@", passed through without
 * re-quoting; exec keeps its exit status and signals).
 */
export const TEST_HOST_SHELL = `${TEST_HOST_NETWORK}exec "$0" "$@"`;

/** Set in the environment of a command that runs inside a test host. */
export const TEST_HOST_ENV = 'ORBIT_TEST_HOST';
/** Set instead when no test host could be made: why, so the media tests can say it as they skip. */
export const TEST_HOST_UNAVAILABLE_ENV = 'ORBIT_TEST_HOST_UNAVAILABLE';
