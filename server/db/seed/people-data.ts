import type { GeoPoint } from './random';

// Raw material for the demo people: places, names, interests and bio pieces.

export type NameSet = 'indian' | 'british' | 'american' | 'brazilian';

export interface DemoCity {
  name: string;
  centre: GeoPoint;
  /** How many of the demo people live here. */
  people: number;
  radiusKm: number;
  /** Sector to scatter people in (anticlockwise from east); keeps them off the sea. */
  bearingDegrees?: readonly [number, number];
  names: NameSet;
  languages: readonly string[];
}

/** Mumbai first and largest: the home page radar is centred there. */
export const MUMBAI: GeoPoint = { latitude: 19.076, longitude: 72.8777 };

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    name: 'Mumbai',
    centre: MUMBAI,
    people: 195,
    radiusKm: 45,
    bearingDegrees: [-100, 100],
    names: 'indian',
    languages: ['English', 'English', 'Hindi', 'Hindi', 'Marathi', 'Gujarati'],
  },
  {
    name: 'Delhi',
    centre: { latitude: 28.6139, longitude: 77.209 },
    people: 25,
    radiusKm: 30,
    names: 'indian',
    languages: ['English', 'Hindi', 'Hindi', 'Punjabi'],
  },
  {
    name: 'Bangalore',
    centre: { latitude: 12.9716, longitude: 77.5946 },
    people: 25,
    radiusKm: 25,
    names: 'indian',
    languages: ['English', 'English', 'Kannada', 'Tamil', 'Hindi'],
  },
  {
    name: 'Pune',
    centre: { latitude: 18.5204, longitude: 73.8567 },
    people: 15,
    radiusKm: 20,
    names: 'indian',
    languages: ['English', 'Marathi', 'Hindi'],
  },
  {
    name: 'London',
    centre: { latitude: 51.5074, longitude: -0.1278 },
    people: 15,
    radiusKm: 25,
    names: 'british',
    languages: ['English', 'English', 'English', 'Hindi', 'French'],
  },
  {
    name: 'New York',
    centre: { latitude: 40.7128, longitude: -74.006 },
    people: 15,
    radiusKm: 20,
    bearingDegrees: [-60, 200],
    names: 'american',
    languages: ['English', 'English', 'Spanish'],
  },
  {
    name: 'São Paulo',
    centre: { latitude: -23.5505, longitude: -46.6333 },
    people: 10,
    radiusKm: 25,
    names: 'brazilian',
    languages: ['Portuguese', 'Portuguese', 'English', 'Spanish'],
  },
];

interface Names {
  female: readonly string[];
  male: readonly string[];
  neutral: readonly string[];
  family: readonly string[];
}

export const NAMES: Record<NameSet, Names> = {
  indian: {
    female: [
      'Aanya', 'Aditi', 'Ananya', 'Diya', 'Isha', 'Kavya', 'Meera', 'Neha', 'Pooja', 'Priya',
      'Riya', 'Sanya', 'Shreya', 'Tara', 'Zara', 'Nisha', 'Anjali', 'Simran', 'Kiara', 'Aisha',
      'Ira', 'Myra', 'Pallavi', 'Radhika', 'Sneha', 'Tanvi', 'Vidya', 'Leela', 'Fatima', 'Gauri',
    ],
    male: [
      'Aarav', 'Arjun', 'Dev', 'Ishaan', 'Kabir', 'Karan', 'Rahul', 'Rohan', 'Sahil', 'Vihaan',
      'Vikram', 'Aditya', 'Nikhil', 'Siddharth', 'Yash', 'Omkar', 'Farhan', 'Harsh', 'Manav', 'Neel',
      'Pranav', 'Rishi', 'Samar', 'Tejas', 'Varun', 'Zaid', 'Amit', 'Kunal', 'Imran', 'Jay',
    ],
    neutral: ['Ashwin', 'Kiran', 'Noor', 'Sasha', 'Rumi', 'Ari'],
    family: [
      'Sharma', 'Patel', 'Mehta', 'Iyer', 'Rao', 'Kapoor', 'Desai', 'Joshi', 'Nair', 'Reddy',
      'Khan', 'Shaikh', 'Gupta', 'Kulkarni', 'Menon', 'Pillai', 'Bose', 'Chopra', 'Malhotra', 'Fernandes',
      "D'Souza", 'Banerjee', 'Singh', 'Verma', 'Jain', 'Pandey', 'Shetty', 'Gill', 'Sethi', 'Bhatt',
    ],
  },
  british: {
    female: ['Amelia', 'Olivia', 'Isla', 'Emily', 'Poppy', 'Grace', 'Freya', 'Chloe', 'Sophie', 'Hannah'],
    male: ['Oliver', 'Harry', 'George', 'Jack', 'Charlie', 'Thomas', 'James', 'Alfie', 'Leo', 'Oscar'],
    neutral: ['Alex', 'Sam', 'Jordan', 'Robin'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Patel', 'Walker', 'Hughes'],
  },
  american: {
    female: ['Emma', 'Ava', 'Mia', 'Harper', 'Abigail', 'Ella', 'Madison', 'Camila', 'Layla', 'Nora'],
    male: ['Liam', 'Noah', 'Ethan', 'Mason', 'Lucas', 'Logan', 'Caleb', 'Mateo', 'Wyatt', 'Owen'],
    neutral: ['Taylor', 'Casey', 'Riley', 'Quinn'],
    family: ['Johnson', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Martinez', 'Lee', 'Clark', 'Lewis', 'Young'],
  },
  brazilian: {
    female: ['Ana', 'Beatriz', 'Larissa', 'Mariana', 'Camila', 'Júlia', 'Letícia', 'Gabriela'],
    male: ['João', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Thiago', 'Felipe', 'Matheus'],
    neutral: ['Ariel', 'Dani', 'Cris'],
    family: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Almeida'],
  },
};

export const INTERESTS = [
  'Travel', 'Music', 'Movies', 'Cooking', 'Fitness', 'Yoga', 'Reading', 'Photography', 'Hiking', 'Dancing',
  'Gaming', 'Art', 'Coffee', 'Street Food', 'Cricket', 'Football', 'Fashion', 'Technology', 'Writing', 'Pets',
  'Meditation', 'Cycling', 'Running', 'Beaches', 'Board Games', 'Stand-up Comedy', 'Startups', 'Volunteering',
  'Gardening', 'Live Music',
] as const;

/** Openers, interest lines and sign-offs are combined into short, varied bios. */
export const BIO_OPENERS = [
  'Weekday spreadsheets, weekend adventures.',
  'Recovering overthinker, full-time optimist.',
  'New to the city and saying yes to everything.',
  'Architect by day, terrible karaoke singer by night.',
  'Teacher who still gets excited about stationery.',
  'Doctor with a very unpredictable schedule, so bear with me.',
  'Software engineer who would rather be outdoors.',
  'Small business owner, big dreamer.',
  'Just moved back home after a few years abroad.',
  'Part-time photographer, full-time people watcher.',
  'Law student surviving on chai and deadlines.',
  'Marketing by profession, storyteller by nature.',
  'Nurse, night-owl and proud aunt.',
  'Designer who notices fonts on restaurant menus.',
  'Chef in training, happy to feed you.',
  'Introvert with extrovert weekends.',
] as const;

export const INTEREST_LINES: Record<(typeof INTERESTS)[number], string> = {
  Travel: 'Trying to see a new place every year, so far so good.',
  Music: 'My playlists are longer than my to-do lists.',
  Movies: 'I will defend my favourite terrible movie with my life.',
  Cooking: 'My dal tadka has converted several sceptics.',
  Fitness: 'Gym at 6 am, questioning my choices at 6:05.',
  Yoga: 'Sunrise yoga keeps me sane.',
  Reading: 'Always halfway through three books.',
  Photography: 'I stop mid-sentence when the light is good.',
  Hiking: 'Monsoon treks are my love language.',
  Dancing: 'Will dance at any wedding, invited or not.',
  Gaming: 'Co-op games are the ultimate compatibility test.',
  Art: 'Weekend sketcher, gallery wanderer.',
  Coffee: 'Searching for the perfect filter coffee.',
  'Street Food': 'I can find good street food within five kilometres of anywhere.',
  Cricket: 'Yes, I will be checking the score on our date.',
  Football: 'Sunday league player, lifelong heartbreak supporter.',
  Fashion: 'Thrift-store treasure hunter.',
  Technology: 'I build apps for fun, and occasionally fix my parents\' phones.',
  Writing: 'Working on a novel, slowly.',
  Pets: 'My dog has a bigger social life than me.',
  Meditation: 'Ten minutes of quiet a day, no matter what.',
  Cycling: 'Early-morning rides before the traffic wakes up.',
  Running: 'Training for my second half marathon.',
  Beaches: 'Happiest with sand between my toes.',
  'Board Games': 'Fair warning: I am competitive at Catan.',
  'Stand-up Comedy': 'Open mics on Thursdays, front row if you dare.',
  Startups: 'Building something small that might become big.',
  Volunteering: 'Weekends at the animal shelter.',
  Gardening: 'Keeping twenty plants alive on a tiny balcony.',
  'Live Music': 'Always down for a gig in a small venue.',
};

export const BIO_CLOSERS = [
  'Tell me your go-to comfort food.',
  'Looking for someone to share long conversations and good food.',
  'Say hi if you have a good book recommendation.',
  'Like me if you think you can beat me at chess.',
  'Here for something real, not just pen pals.',
  'Bonus points if you make me laugh.',
  'Let\'s grab chai and see where it goes.',
  'Ask me about my most chaotic travel story.',
  'Kindness is non-negotiable.',
  'Open to friendship first.',
  '',
  '',
] as const;

export const VIP_TIERS = ['Gold', 'Platinum', 'Diamond'] as const;
