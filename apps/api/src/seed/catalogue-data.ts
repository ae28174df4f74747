/** The demo catalogue's words: who performs, what they made, what the site says about itself. */

export const demoCategories = {
  video: ["Drama", "Comedy", "Documentary", "Music", "Travel", "Dance", "Behind the scenes", "Fitness"],
  gallery: ["Portraits", "Outdoors", "Studio", "Backstage", "Fashion"],
  performer: ["Actors", "Dancers", "Musicians", "Comedians", "Models", "Athletes"],
  product: ["Merch", "Prints", "Downloads"],
} as const;

export interface DemoPerformer {
  username: string;
  name: string;
  gender: "female" | "male" | "transgender" | "non-binary";
  country: string;
  languages: string[];
  bio: string;
}

export const demoPerformers: DemoPerformer[] = [
  {
    username: "luna.rivera",
    name: "Luna Rivera",
    gender: "female",
    country: "ES",
    languages: ["es", "en"],
    bio: "Dancer from Seville. Flamenco in the morning, contemporary at night.",
  },
  {
    username: "kai.nakamura",
    name: "Kai Nakamura",
    gender: "male",
    country: "JP",
    languages: ["ja", "en"],
    bio: "Street photographer and part-time stand-up comic in Osaka.",
  },
  {
    username: "amara.okafor",
    name: "Amara Okafor",
    gender: "female",
    country: "NG",
    languages: ["en", "yo"],
    bio: "Singer-songwriter. Afrobeat with a folk heart.",
  },
  {
    username: "theo.laurent",
    name: "Théo Laurent",
    gender: "male",
    country: "FR",
    languages: ["fr", "en"],
    bio: "Actor, Paris stage and screen. Loves long takes.",
  },
  {
    username: "sofia.rossi",
    name: "Sofia Rossi",
    gender: "female",
    country: "IT",
    languages: ["it", "en"],
    bio: "Fitness coach making workouts that feel like a party.",
  },
  {
    username: "noah.fischer",
    name: "Noah Fischer",
    gender: "male",
    country: "DE",
    languages: ["de", "en"],
    bio: "Documentary maker following night trains across Europe.",
  },
  {
    username: "isla.mackenzie",
    name: "Isla MacKenzie",
    gender: "female",
    country: "GB",
    languages: ["en", "gd"],
    bio: "Highland hikes, wild swims and the odd ceilidh.",
  },
  {
    username: "mateo.silva",
    name: "Mateo Silva",
    gender: "male",
    country: "BR",
    languages: ["pt", "es"],
    bio: "Capoeira teacher and drummer from Salvador.",
  },
  {
    username: "river.quinn",
    name: "River Quinn",
    gender: "non-binary",
    country: "US",
    languages: ["en"],
    bio: "Comedy sketches about city life, one subway ride at a time.",
  },
  {
    username: "yara.haddad",
    name: "Yara Haddad",
    gender: "female",
    country: "LB",
    languages: ["ar", "fr", "en"],
    bio: "Fashion designer. Beirut colours, Paris cuts.",
  },
  {
    username: "elias.berg",
    name: "Elias Berg",
    gender: "male",
    country: "SE",
    languages: ["sv", "en"],
    bio: "Cellist recording in churches, forests and frozen lakes.",
  },
  {
    username: "mei.chen",
    name: "Mei Chen",
    gender: "female",
    country: "TW",
    languages: ["zh", "en"],
    bio: "Animator and illustrator; every frame by hand.",
  },
  {
    username: "jonah.walker",
    name: "Jonah Walker",
    gender: "male",
    country: "AU",
    languages: ["en"],
    bio: "Surfer, lifeguard and reluctant vlogger.",
  },
  {
    username: "priya.sharma",
    name: "Priya Sharma",
    gender: "female",
    country: "IN",
    languages: ["hi", "en"],
    bio: "Kathak dancer bringing classical forms to new stages.",
  },
  {
    username: "lucas.moreau",
    name: "Lucas Moreau",
    gender: "male",
    country: "CA",
    languages: ["fr", "en"],
    bio: "Chef filming the seasons of a Québec farm kitchen.",
  },
  {
    username: "zara.ali",
    name: "Zara Ali",
    gender: "female",
    country: "AE",
    languages: ["ar", "en"],
    bio: "Model and runway coach. Posture is everything.",
  },
  {
    username: "sam.oneill",
    name: "Sam O'Neill",
    gender: "transgender",
    country: "IE",
    languages: ["en", "ga"],
    bio: "Actor and playwright from Galway.",
  },
  {
    username: "nina.kowalska",
    name: "Nina Kowalska",
    gender: "female",
    country: "PL",
    languages: ["pl", "en"],
    bio: "Aerial acrobat. Silks, hoops and a lot of chalk.",
  },
  {
    username: "diego.ramos",
    name: "Diego Ramos",
    gender: "male",
    country: "MX",
    languages: ["es", "en"],
    bio: "Mariachi trumpet player with a taste for jazz.",
  },
  {
    username: "ava.thompson",
    name: "Ava Thompson",
    gender: "female",
    country: "NZ",
    languages: ["en", "mi"],
    bio: "Trail runner and wildlife camera operator.",
  },
];

const movieWords = {
  first: [
    "Midnight",
    "Golden",
    "Silent",
    "Electric",
    "Hidden",
    "Endless",
    "Velvet",
    "Northern",
    "Wild",
    "Paper",
    "Neon",
    "Salt",
  ],
  second: [
    "Rehearsal",
    "Journey",
    "Session",
    "Waltz",
    "Harbour",
    "Streets",
    "Sunrise",
    "Workout",
    "Kitchen",
    "Encore",
    "Horizon",
    "Letters",
  ],
};

/** 60 distinct titles: "Midnight Rehearsal", "Golden Journey", ... */
export function demoMovieTitle(i: number): string {
  const a = movieWords.first[i % movieWords.first.length];
  const b = movieWords.second[(i * 5 + Math.floor(i / movieWords.first.length)) % movieWords.second.length];
  return `${a} ${b}`;
}

export const demoTags = [
  "live",
  "outdoor",
  "studio",
  "acoustic",
  "tutorial",
  "backstage",
  "night",
  "city",
  "nature",
  "slow-motion",
];

export const demoGalleryTitles = [
  "Morning Light",
  "City Rooftops",
  "Studio Portraits",
  "On Tour",
  "Desert Colours",
  "Backstage Pass",
  "Seaside",
  "Black and White",
  "Autumn Walk",
  "Costume Fitting",
  "Festival Days",
  "Quiet Rooms",
  "Mountain Air",
  "Rehearsal Room",
  "Night Market",
  "Snow Day",
  "Red Carpet",
  "Garden Party",
  "Warehouse Shoot",
  "Last Summer",
];

export const demoPosts = [
  {
    slug: "home",
    type: "page" as const,
    title: "Welcome to Marquee",
    summary: "Independent performers, their movies and galleries, in one place.",
    content:
      "Marquee brings together independent performers and the people who love their work.\n\nWatch free movies, join as a member for the full catalogue, or subscribe to the performers you follow.",
  },
  {
    slug: "contact",
    type: "page" as const,
    title: "Get in touch",
    summary: "Questions about your membership, a performer or a purchase?",
    content:
      "Questions about your membership, a performer or a purchase? Write to us with the form below and we answer within one working day.",
  },
  {
    slug: "new-this-month",
    type: "post" as const,
    title: "New this month",
    summary: "Twelve new movies and five galleries from our performers.",
    content:
      "This month brings twelve new movies and five new galleries.\n\nLuna Rivera returns with a flamenco session filmed in one take, and Elias Berg recorded his cello on a frozen lake.",
  },
  {
    slug: "how-memberships-work",
    type: "post" as const,
    title: "How memberships work",
    summary: "What a site membership opens, and how performer subscriptions differ.",
    content:
      "A site membership opens every members movie and gallery for as long as it is active.\n\nA performer subscription opens the members items of that one performer, at the price they set.",
  },
  {
    slug: "behind-the-scenes-with-kai",
    type: "post" as const,
    title: "Behind the scenes with Kai Nakamura",
    summary: "Street photography, stand-up and a camera that never leaves his pocket.",
    content:
      "Kai Nakamura shoots on the streets of Osaka by day and tells jokes about it by night.\n\nHis new gallery, City Rooftops, was made over three summer evenings.",
  },
];

export const demoBanners = [
  { title: "Summer Nights", description: "New movies every week", href: "/movies", position: "top" as const },
  {
    title: "Meet the performers",
    description: "Twenty creators, one stage",
    href: "/performers",
    position: "top" as const,
  },
  {
    title: "Become a member",
    description: "Every members movie and gallery",
    href: "/posts/how-memberships-work",
    position: "top" as const,
  },
  // Shown by the primary layout's extra widget, on every page above the footer.
  {
    title: "Join the club",
    description: "Every members movie and gallery, one price",
    href: "/membership",
    position: "bottom" as const,
  },
  // Last: its picture marks a complete catalogue of an earlier version (seed/catalogue.ts).
  { title: "Fresh galleries", description: "Photos from the road", href: "/galleries", position: "middle" as const },
];
