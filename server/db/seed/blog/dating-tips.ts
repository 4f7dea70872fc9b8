import type { BlogPostSeed } from './post-seed';

export const DATING_TIPS_POSTS: BlogPostSeed[] = [
  {
    slug: 'first-message-that-gets-a-reply',
    title: 'How to Write a First Message That Actually Gets a Reply',
    excerpt:
      'Skip the "hey". A good opener is specific, light and easy to answer. Here is a simple formula our members swear by.',
    author: 'Ananya Rao',
    category: 'Dating Tips',
    tags: ['messaging', 'first impressions', 'conversation'],
    daysAgo: 3,
    featured: true,
    content: `
<p>Most matches never turn into conversations, and the reason is almost always the first message. "Hey", "hi there" and a lonely wave emoji put all the work on the other person. The good news: a better opener takes about thirty seconds.</p>
<h2>Use their profile, not a template</h2>
<p>People put things in their profile because they want to talk about them. If someone lists <strong>street food</strong> and <strong>trekking</strong>, you already have two doors into a conversation. Pick one detail and be curious about it.</p>
<ul>
  <li><strong>Weak:</strong> "Hey, how are you?"</li>
  <li><strong>Better:</strong> "You like trekking, have you done Kalsubai?"</li>
  <li><strong>Best:</strong> "Kalsubai at sunrise or Harishchandragad in the monsoon? I need a tie-breaker for my next weekend."</li>
</ul>
<h2>Make it easy to answer</h2>
<p>A question with a playful choice is easier to reply to than an open-ended interview question. "What do you do?" feels like a form; "chai or coffee for a first date?" feels like a game.</p>
<h2>Keep it short</h2>
<p>Two sentences is plenty. You are opening a door, not writing a cover letter. Save the stories for when they ask.</p>
<blockquote>The best first messages sound like the start of a conversation you would have in person.</blockquote>
<h2>Then follow through</h2>
<p>If they reply, answer their question and ask one back. After a few good exchanges, suggest a quick video call. It is the fastest way to know whether the spark survives outside the chat.</p>`,
  },
  {
    slug: 'first-date-ideas-busy-city',
    title: 'Ten First Date Ideas for People Who Live in a Busy City',
    excerpt:
      'Traffic, tight schedules and crowded cafes do not have to kill the romance. These low-pressure ideas work even on a weeknight.',
    author: 'Rohan Mehta',
    category: 'Dating Tips',
    tags: ['first date', 'ideas', 'city life'],
    daysAgo: 12,
    content: `
<p>A first date should be short, easy to leave and easy to extend. In a big city that also means close to both of you and not dependent on a two-hour commute.</p>
<h2>Low pressure, high conversation</h2>
<ul>
  <li><strong>A sunset walk</strong> along the seafront or a city park. Walking side by side takes the pressure off eye contact.</li>
  <li><strong>A food market crawl.</strong> Share three small plates instead of one big dinner.</li>
  <li><strong>A bookshop browse.</strong> Pick a book for each other under a small budget.</li>
  <li><strong>A museum late opening.</strong> Plenty to talk about, and quiet enough to hear each other.</li>
  <li><strong>Chai at a place you love.</strong> Sharing a favourite spot says a lot about you.</li>
</ul>
<h2>For the slightly adventurous</h2>
<ul>
  <li>A beginner's pottery or dance class</li>
  <li>A board-game cafe (competitive streaks are revealing)</li>
  <li>An early-morning cycle ride before the city wakes up</li>
  <li>Stand-up comedy at a small venue</li>
  <li>Cooking one dish together after a video call to plan it</li>
</ul>
<h2>Keep it safe</h2>
<p>Meet somewhere public, tell a friend where you are going and arrange your own way home. A quick video call on Orbit beforehand is a simple way to make sure the person matches their photos.</p>
<blockquote>Plan for an hour. If it is going well, you will both find a reason to stay.</blockquote>`,
  },
  {
    slug: 'red-flags-and-green-flags',
    title: 'Green Flags Worth Noticing (and Red Flags You Should Not Ignore)',
    excerpt:
      'Chemistry matters, but so does how someone treats your time, your boundaries and the waiter. A practical checklist.',
    author: 'Dr. Kavya Iyer',
    category: 'Dating Tips',
    tags: ['safety', 'relationships', 'boundaries'],
    daysAgo: 27,
    content: `
<p>Early dating is full of noise: nerves, over-thinking and the urge to impress. Underneath that, a few signals tell you far more about a person than a perfect opening line.</p>
<h2>Green flags</h2>
<ul>
  <li><strong>They are consistent.</strong> What they say in chat matches how they act on a call and in person.</li>
  <li><strong>They respect a "not yet".</strong> If you want to wait before sharing your number, they are fine with it.</li>
  <li><strong>They ask follow-up questions.</strong> Curiosity is one of the best predictors of a good partner.</li>
  <li><strong>They are kind to strangers.</strong> Watch how they talk about exes, colleagues and the person serving your coffee.</li>
</ul>
<h2>Red flags</h2>
<ul>
  <li>Pushing to move off the app immediately or refusing any video call</li>
  <li>Asking for money, gift cards or help with an "emergency"</li>
  <li>Love-bombing: intense declarations within days</li>
  <li>Stories that change each time you ask</li>
</ul>
<h2>Trust the pattern, not the moment</h2>
<p>Anyone can have an awkward first call. One odd message is not a red flag; a pattern is. If something feels off, you can unmatch or report a profile at any time, and our safety team reviews every report.</p>
<blockquote>You are not being difficult by having boundaries. The right person will find them easy to respect.</blockquote>`,
  },
];
