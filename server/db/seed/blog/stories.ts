import type { BlogPostSeed } from './post-seed';

export const SUCCESS_STORY_POSTS: BlogPostSeed[] = [
  {
    slug: 'priya-and-arjun-radar-match',
    title: 'Two Kilometres Apart: How Priya and Arjun Met on the Radar',
    excerpt:
      'They lived in neighbouring buildings in Bandra for three years and never met. Then the radar put them on the same ring.',
    author: 'Meera Kapoor',
    category: 'Success Stories',
    tags: ['love story', 'radar', 'Mumbai'],
    daysAgo: 9,
    featured: true,
    content: `
<p>Priya had deleted and reinstalled dating apps more times than she could count. Arjun had never used one. They lived two kilometres apart in Bandra, took the same train, and had never once crossed paths.</p>
<h2>The first message</h2>
<p>"He asked whether I was a morning-walk person or an evening-walk person," Priya laughs. "It was such an oddly specific question that I had to answer." Arjun admits he had read her profile three times before writing it.</p>
<h2>From chat to call to Carter Road</h2>
<p>After a week of messages they had a video call that lasted almost two hours. Their first date was an evening walk along Carter Road, naturally, followed by vada pav from the stall Arjun had been talking up all week.</p>
<blockquote>We realised we had been standing on the same platform every morning for years. We just never looked up from our phones, until our phones introduced us.</blockquote>
<h2>Where they are now</h2>
<p>A year later, Priya and Arjun have moved in together, still in Bandra, and still argue about which walk is better. Their advice for anyone new to Orbit:</p>
<ul>
  <li><strong>Write something real</strong> in your bio. It gives people a way in.</li>
  <li><strong>Do the video call.</strong> It saves everyone time.</li>
  <li><strong>Look up</strong> once in a while.</li>
</ul>`,
  },
  {
    slug: 'long-distance-london-to-bangalore',
    title: 'London to Bangalore: A Long-Distance Love Story That Worked',
    excerpt:
      'A work trip, a radar match on the last evening, and eighteen months of video calls across five and a half hours of time difference.',
    author: 'Meera Kapoor',
    category: 'Success Stories',
    tags: ['love story', 'long distance', 'video calls'],
    daysAgo: 41,
    content: `
<p>Tom was in Bangalore for a two-week work trip. On his last evening, out of curiosity, he opened the radar. Nisha's profile mentioned filter coffee, cricket and "strong opinions about biryani". He sent one message before his flight.</p>
<h2>Making distance work</h2>
<p>For eighteen months they lived five and a half hours apart. They had rules that kept them close:</p>
<ul>
  <li>A video call every day, even if only for ten minutes</li>
  <li>One "date night" a week: the same film, started at the same moment</li>
  <li>Always knowing when the next visit was</li>
</ul>
<blockquote>The time difference meant his breakfast was my lunch. We ate a lot of meals together, just in different cities.</blockquote>
<h2>Closing the gap</h2>
<p>Last spring Tom took a job in Bangalore. They are planning a wedding with two ceremonies, one in each of their home towns, and yes, the biryani debate is still going.</p>`,
  },
  {
    slug: 'found-friendship-and-more-at-fifty',
    title: 'It Is Never Too Late: Finding Love Again at Fifty-Two',
    excerpt:
      'After twenty years of marriage and a quiet divorce, Sunita did not expect much from a dating app. She found a hiking partner, and then much more.',
    author: 'Ananya Rao',
    category: 'Success Stories',
    tags: ['love story', 'second chances', 'over 50'],
    daysAgo: 75,
    content: `
<p>When Sunita's daughter set up her profile, Sunita agreed on one condition: no pretending to be younger. Her bio said she was fifty-two, loved the hills around Pune and made "an unreasonably good dal".</p>
<h2>Starting slowly</h2>
<p>She talked to a handful of people, mostly about books and trekking. Rajesh, a retired engineer, asked which trails she recommended for someone with "enthusiastic knees and a cautious back". She replied with a list of five.</p>
<h2>The first hike</h2>
<p>They met at the foot of Sinhagad on a Sunday morning, both early. They made it to the top, slowly, and talked the whole way.</p>
<blockquote>At our age you know what matters. Kindness, humour, and someone who waits for you on the steep bits.</blockquote>
<h2>Her advice</h2>
<ul>
  <li><strong>Be honest</strong> about your age and what you are looking for.</li>
  <li><strong>Go at your own pace.</strong> There is no deadline.</li>
  <li><strong>Meet in daylight</strong>, somewhere public, and tell a friend.</li>
</ul>
<p>Two years on, they have climbed every trail on her list and started a new one together.</p>`,
  },
];
