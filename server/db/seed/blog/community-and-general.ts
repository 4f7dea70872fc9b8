import type { BlogPostSeed } from './post-seed';

export const COMMUNITY_POSTS: BlogPostSeed[] = [
  {
    slug: 'community-guidelines-kindness',
    title: 'Our Community Guidelines, in Plain Words',
    excerpt:
      'Be real, be kind, and keep it safe. What we expect from every member, and what happens when someone crosses the line.',
    author: 'Orbit Trust and Safety',
    category: 'Community',
    tags: ['guidelines', 'safety', 'community'],
    daysAgo: 19,
    content: `
<p>Orbit works because people trust that the person on the other side of the screen is real and means well. These guidelines protect that trust.</p>
<h2>Be real</h2>
<ul>
  <li>Use recent photos of yourself, and only yourself.</li>
  <li>Be honest about your age, location and intentions.</li>
  <li>One person, one account.</li>
</ul>
<h2>Be kind</h2>
<p>Rejection is part of dating. Unmatching is fine; insults, harassment and hate speech are not. <strong>Treat people the way you would in person</strong>, because on Orbit you may well meet them in person.</p>
<h2>Keep it safe</h2>
<ul>
  <li>Never ask for or send money.</li>
  <li>No explicit content in photos, streams or messages.</li>
  <li>Report anything that feels wrong. Reports are confidential.</li>
</ul>
<h2>What happens when rules are broken</h2>
<p>Our team reviews every report. Depending on what happened, we warn the member, remove content, or ban the account. Serious cases are banned immediately.</p>
<blockquote>A community is only as good as how it treats the newest person in it.</blockquote>`,
  },
  {
    slug: 'mumbai-meetup-monsoon-edition',
    title: 'Recap: The Orbit Monsoon Meetup in Mumbai',
    excerpt:
      'Two hundred members, one rooftop, a surprising amount of rain and at least four new couples. Here is what happened.',
    author: 'Zara Sheikh',
    category: 'Community',
    tags: ['events', 'Mumbai', 'meetup'],
    daysAgo: 64,
    content: `
<p>We expected about eighty people. Two hundred and twelve turned up, umbrellas in hand, to a rooftop in Lower Parel for our first community meetup.</p>
<h2>What we did</h2>
<ul>
  <li><strong>Speed-friending</strong>: five-minute conversations, no pressure to flirt</li>
  <li><strong>A playlist built live</strong> from everyone's profile anthems</li>
  <li><strong>Chai and pakoras</strong>, because it was the monsoon</li>
</ul>
<h2>What we learned</h2>
<p>People loved meeting without the pressure of a one-on-one date. Several members said it was the first time they felt relaxed meeting someone from an app.</p>
<blockquote>I came for the pakoras and left with three new friends and a date on Saturday.</blockquote>
<h2>What is next</h2>
<p>Delhi and Bangalore meetups are being planned for the coming months. Keep an eye on the blog and your notifications for dates.</p>`,
  },
];

export const GENERAL_POSTS: BlogPostSeed[] = [
  {
    slug: 'welcome-to-orbit',
    title: 'Welcome to Orbit: Dating That Starts With Real Connection',
    excerpt:
      'Why we built Orbit, what makes it different, and how to get the most out of your first week.',
    author: 'The Orbit Team',
    category: 'General',
    tags: ['welcome', 'getting started'],
    daysAgo: 90,
    content: `
<p>We built Orbit because dating apps had started to feel like a chore: endless swiping, conversations that fizzle out, and matches who turn out to be nothing like their photos.</p>
<h2>What makes Orbit different</h2>
<ul>
  <li><strong>The radar</strong> shows who is actually nearby, not a deck of strangers.</li>
  <li><strong>Video calls</strong> let you meet face to face before you meet in person.</li>
  <li><strong>Live streams</strong> let you show who you are, not just how you look.</li>
</ul>
<h2>Your first week</h2>
<p>Complete your profile (you will earn coins for it), add a few photos, and write a bio that sounds like you. Then open the radar and say hello to someone.</p>
<blockquote>Great relationships start with a conversation. We just make the first one easier.</blockquote>`,
  },
  {
    slug: 'writing-a-bio-that-sounds-like-you',
    title: 'Writing a Bio That Sounds Like You',
    excerpt:
      'Three sentences, one specific detail and zero cliches. How to write a profile people actually want to reply to.',
    author: 'Rohan Mehta',
    category: 'General',
    tags: ['profile', 'bio', 'getting started'],
    daysAgo: 47,
    content: `
<p>"I love travelling, food and having fun" describes almost everyone. Your bio should describe you.</p>
<h2>A simple structure</h2>
<ul>
  <li><strong>One thing you do</strong>: "Weekend potter, weekday accountant."</li>
  <li><strong>One specific detail</strong>: "Still looking for the best misal pav in Pune."</li>
  <li><strong>One invitation</strong>: "Tell me your most controversial food opinion."</li>
</ul>
<h2>Photos matter too</h2>
<p>Lead with a clear, smiling photo of your face in good light. Add one full-length photo and one of you doing something you love.</p>
<blockquote>Specific is attractive. Generic is invisible.</blockquote>`,
  },
  {
    slug: 'whats-coming-next-roadmap',
    title: 'What Is Coming Next on Orbit',
    excerpt: 'A look at the features we are working on: group video rooms, voice notes and smarter match suggestions.',
    author: 'Orbit Product Team',
    category: 'General',
    tags: ['roadmap', 'product update'],
    daysAgo: 1,
    published: false,
    content: `
<p>This post is a draft. We are finalising the details of our next few releases and will publish it once dates are confirmed.</p>
<h2>On the list</h2>
<ul>
  <li><strong>Group video rooms</strong> for community events</li>
  <li><strong>Voice notes</strong> in messages</li>
  <li><strong>Smarter suggestions</strong> based on shared interests</li>
</ul>
<p>Have an idea you would like to see on this list? Tell us through the feedback form in the app. Many of our best features started as a member's suggestion.</p>`,
  },
];
