import type { BlogPostSeed } from './post-seed';

export const FEATURES_POSTS: BlogPostSeed[] = [
  {
    slug: 'introducing-the-radar',
    title: 'Introducing the Radar: See Who Is Around You, Right Now',
    excerpt:
      'The radar shows people within 50 km, updated as you move. Here is how it works and how we keep your location private.',
    author: 'Orbit Product Team',
    category: 'Features',
    tags: ['radar', 'location', 'privacy', 'product update'],
    daysAgo: 6,
    featured: true,
    content: `
<p>Dating apps usually show you a deck of cards. We wanted something that felt more like walking into a room: a sense of who is actually nearby. That is the radar.</p>
<h2>How it works</h2>
<p>When you open the radar, Orbit looks for members within <strong>50 km</strong> of you and places them on three rings by distance. Tap a dot to see their profile, like them, or start a conversation.</p>
<ul>
  <li>Only people who are visible on the radar appear on it.</li>
  <li>Distances are rounded, never exact.</li>
  <li>Your precise coordinates are never shown to anyone.</li>
</ul>
<h2>Staying in control</h2>
<p>You can hide yourself from the radar at any time from your profile settings. VIP members can also browse in <strong>Incognito Mode</strong>, so they only appear to people they have liked.</p>
<h2>Why location, and why now</h2>
<p>Matches that live nearby are far more likely to turn into dates. Our early testers met in person <strong>three times as often</strong> when they matched through the radar compared with browsing alone.</p>
<blockquote>It feels less like shopping and more like noticing someone across a cafe. — an early tester in Mumbai</blockquote>`,
  },
  {
    slug: 'live-video-calls-safety',
    title: 'Video Calls on Orbit: Meet Face to Face Before You Meet in Person',
    excerpt:
      'A five-minute call tells you more than a week of texting. Our in-app video calls are private, simple and built with safety first.',
    author: 'Orbit Product Team',
    category: 'Features',
    tags: ['video calls', 'safety', 'product update'],
    daysAgo: 33,
    content: `
<p>Texting is great for getting to know someone's sense of humour. It is terrible for knowing whether you click. That is why every match on Orbit can start a video call without swapping phone numbers.</p>
<h2>Private by default</h2>
<ul>
  <li>Calls only happen between people who have matched.</li>
  <li>Your phone number is never shared.</li>
  <li>You can end a call, block or report with one tap.</li>
</ul>
<h2>Tips for a great first call</h2>
<p>Find good light (facing a window works wonders), check your connection, and keep the first call short: <strong>ten to fifteen minutes</strong> is perfect. Have one or two questions ready, but let the conversation wander.</p>
<h2>What our members say</h2>
<p>Members who have a video call before meeting report feeling far more comfortable on the first date, and are more likely to go on a second one.</p>
<blockquote>We talked for an hour on our first call. By the time we met, it felt like a second date.</blockquote>`,
  },
  {
    slug: 'orbit-vip-explained',
    title: 'Orbit VIP Explained: What You Get With Gold, Platinum and Diamond',
    excerpt:
      'Unlimited likes, seeing who liked you, profile boosts and Incognito Mode. A plain-language guide to every VIP tier.',
    author: 'Orbit Product Team',
    category: 'Features',
    tags: ['vip', 'membership', 'coins'],
    daysAgo: 58,
    content: `
<p>Orbit is free to use: you can create a profile, browse the radar, like people and chat with your matches without paying anything. VIP is for people who want to move faster.</p>
<h2>The benefits</h2>
<ul>
  <li><strong>Unlimited Likes</strong>: no daily cap.</li>
  <li><strong>See Who Liked You</strong>: skip the guessing and match instantly.</li>
  <li><strong>Boost Profile</strong>: once a day, your card comes first in Discover and Spin for 30 minutes.</li>
  <li><strong>Incognito Mode</strong>: only people you like can see you.</li>
</ul>
<h2>The tiers</h2>
<p><strong>Gold</strong> lasts 30 days, <strong>Platinum</strong> 90 days and <strong>Diamond</strong> a full year. Longer plans cost less per month, and every plan includes every benefit.</p>
<h2>Coins</h2>
<p>Coins are separate from VIP. Use them for extra likes and for a Boost whenever you want one. You also earn coins for completing your profile and for liking people.</p>
<blockquote>VIP will never be required to meet people on Orbit. It just makes the journey shorter.</blockquote>`,
  },
];
