// The English phrase bank: natural, short sentences for restaurants and cafés in Kuwait.
// Religious and national days keep a respectful voice in every tone, playful included.
import type { LanguageCopy } from "./copy.types.ts";

export const EN: LanguageCopy = {
  occasions: {
    general: {
      leads: {
        friendly: [
          "Hello from our kitchen to your feed 👋",
          "Today is a good day for good food 😊",
          "We saved you a seat.",
        ],
        premium: [
          "A table, a moment, a meal to remember.",
          "Quality you can taste in every detail.",
          "Good taste is never rushed.",
        ],
        playful: [
          "Your daily reminder to eat something delicious 😋",
          "Hungry? Same here, so let's fix that 😄",
          "Cravings don't wait, and neither should you.",
        ],
        family: [
          "Good food is better with family 🤍",
          "There's a place for the whole family at our table.",
          "Made with love for families like yours.",
        ],
      },
      lines: [
        "Fresh ingredients, careful cooking and a warm welcome.",
        "{dish} is waiting for you.",
        "Every plate is made to order, with care.",
        "Our team is ready to make your day a little better.",
      ],
      ctas: ["Come visit us at {name}."],
    },
    new_dish: {
      leads: {
        friendly: [
          "Something new just landed on our menu ✨",
          "Say hello to our newest favourite.",
          "We've been keeping a secret, and it's finally ready.",
        ],
        premium: [
          "Introducing a new signature, crafted with care.",
          "A new addition to our menu, made to be savoured.",
          "Some creations are worth the wait.",
        ],
        playful: [
          "Breaking news: your new obsession has arrived 🚨",
          "Plot twist: the menu just got better 😋",
          "New on the menu. Resistance is futile 😏",
        ],
        family: [
          "Something new for the family table 🤍",
          "Our latest creation is made for sharing.",
          "A new favourite for the whole family.",
        ],
      },
      lines: [
        "Meet {dish}, our newest addition.",
        "{dish} is officially on the menu.",
        "We tested, tasted and tweaked until {dish} was just right.",
        "Fresh ideas, fresh ingredients and a lot of tasting went into this one.",
        "Our kitchen has been perfecting this recipe for weeks.",
        "{dish} {notes}.",
      ],
      ctas: ["Be one of the first to try it.", "Try it this week and tell us what you think."],
    },
    menu_promotion: {
      leads: {
        friendly: [
          "Good news for your cravings and your wallet 🙌",
          "A little treat from us to you.",
          "Our favourite kind of announcement: an offer!",
        ],
        premium: [
          "A limited-time offer on our finest.",
          "An exclusive offer for our guests.",
          "This week, a special invitation to the table.",
        ],
        playful: [
          "Your wallet said no. This offer says yes 😎",
          "Offer alert! 🚨",
          "Same cravings, lighter bill? Don't mind if we do 😄",
        ],
        family: [
          "An offer the whole family will love.",
          "More for the family, for less.",
          "Treat the whole family this week 🤍",
        ],
      },
      lines: [
        "Your favourites, at a price that makes them even better.",
        "Good things never last long, and neither will this offer.",
        "The perfect excuse to try something new from the menu.",
        "Saying yes to {dish} has never been easier.",
      ],
      ctas: ["Hurry, the offer won't last long.", "Grab it before it's gone."],
    },
    food_photo: {
      leads: {
        friendly: [
          "This is your sign to treat yourself today 😍",
          "Fresh out of our kitchen and straight onto your feed.",
          "Made fresh, served with a smile.",
        ],
        premium: [
          "Crafted with intention, plated with care.",
          "Every detail, considered.",
          "Simple ingredients, perfected.",
        ],
        playful: [
          "Warning: this photo may cause sudden cravings 🤤",
          "Zoom in. Yes, it tastes as good as it looks 😋",
          "Don't lick your screen. We know it's tempting 😋",
        ],
        family: [
          "The kind of plate everyone reaches for at once 🤍",
          "Good food tastes better when it's shared.",
          "Made for sharing, loved by everyone.",
        ],
      },
      lines: [
        "{dish}, just the way you like it.",
        "{dish} {notes}.",
        "One look at {dish} and you already know.",
        "Freshly made, every single day.",
        "Good food, fresh ingredients and no shortcuts.",
      ],
      ctas: ["Come taste it for yourself.", "What would you order first? Tell us below 👇", "Enjoy every bite 😋"],
    },
    weekend: {
      leads: {
        friendly: [
          "Weekend plans? We've got you covered 😊",
          "Hello, weekend! Time to slow down.",
          "That Friday feeling, served fresh.",
        ],
        premium: [
          "An unhurried weekend, as it should be.",
          "Make this weekend one to savour.",
          "Weekends are for long tables and good company.",
        ],
        playful: [
          "The weekend is here, and so are your cravings 🎉",
          "Weekend mode: on. Diet: on hold 😅",
          "Friday and Saturday: two whole days to eat well 😋",
        ],
        family: [
          "Weekend family time starts at our table 🤍",
          "Gather everyone; the weekend is for family.",
          "Bring the family this weekend and leave the cooking to us.",
        ],
      },
      lines: [
        "From a slow breakfast to a late dinner, we're here for your weekend.",
        "Treat yourself to {dish} this weekend.",
        "Friday and Saturday just got tastier.",
        "Nothing beats a weekend meal with the people you love.",
      ],
      ctas: ["See you this weekend!", "Plan your weekend visit now."],
    },
    ramadan_iftar: {
      leads: {
        friendly: [
          "Ramadan Kareem! Join us for Iftar 🌙",
          "Break your fast with us this Ramadan 🌙",
          "Ramadan Kareem from all of us at {name} 🌙",
        ],
        premium: [
          "Ramadan Kareem. An Iftar worth gathering for.",
          "This Ramadan, break your fast in calm and comfort.",
          "An elegant Iftar awaits you this Ramadan.",
        ],
        playful: [
          "The countdown to Maghrib just got a lot more exciting 🌙",
          "Dates, water, and then the good stuff 😋",
          "Iftar plans: sorted. You're welcome 🌙",
        ],
        family: [
          "Ramadan is for family, and our Iftar table has room for all of you 🌙",
          "Gather the whole family for Iftar this Ramadan.",
          "Share the blessings of Ramadan around our Iftar table 🤍",
        ],
      },
      lines: [
        "Dates, soup and your favourite dishes, ready at Maghrib.",
        "Our Iftar is served fresh from sunset.",
        "{dish} is the star of our Iftar table this year.",
        "May this Ramadan bring you peace, health and full tables.",
        "May Allah accept your fasting and prayers.",
      ],
      ctas: ["Reserve your Iftar table today.", "Book early; Ramadan evenings fill up fast."],
    },
    ramadan_suhoor: {
      leads: {
        friendly: [
          "Your Ramadan nights aren't complete without Suhoor 🌙",
          "Late-night Suhoor with friends, anyone? 🌙",
          "Ramadan nights are better with a good Suhoor.",
        ],
        premium: [
          "A refined Suhoor for Ramadan nights.",
          "Suhoor, served with calm and care.",
          "Ramadan nights deserve an elegant Suhoor.",
        ],
        playful: [
          "It's 1 AM and you're hungry again. We get it 🌙",
          "Suhoor squad, assemble! 🌙",
          "Night owls of Ramadan, this one's for you 🦉",
        ],
        family: [
          "Suhoor together before the fast begins 🤍",
          "Gather the family for a late-night Suhoor.",
          "The best Ramadan memories are made at Suhoor.",
        ],
      },
      lines: [
        "Light, wholesome dishes to keep you going through the fast.",
        "{dish} makes a perfect Suhoor.",
        "Good food, good company and the quiet of Ramadan nights.",
        "Fuel up before Fajr with something you'll look forward to.",
        "Ramadan Kareem to you and your loved ones.",
      ],
      ctas: ["Join us for Suhoor tonight.", "Order your Suhoor now."],
    },
    eid_al_fitr: {
      leads: {
        friendly: ["Eid Mubarak! 🎉", "Eid Mubarak from our family to yours ✨", "Happy Eid al-Fitr, everyone! 🌙"],
        premium: [
          "Eid Mubarak. Celebrate with us.",
          "Wishing you a blessed Eid al-Fitr.",
          "A blessed Eid to you and your loved ones.",
        ],
        playful: [
          "Eid is here, and your eidiya is calling 😄",
          "Eid outfit: ready. Eid feast: next 🎉",
          "New clothes, happy hearts and even fuller plates 🎉",
        ],
        family: [
          "Eid Mubarak to every family celebrating today 🤍",
          "Eid is better with family, and better still with great food.",
          "Gather the family and celebrate Eid with us.",
        ],
      },
      lines: [
        "May Allah accept your fasting and prayers.",
        "Celebrate Eid al-Fitr with the flavours you love.",
        "{dish} is our sweet way of saying Eid Mubarak.",
        "After a blessed Ramadan, it's time to celebrate together.",
        "Wishing you joy, peace and many happy returns.",
      ],
      ctas: ["Celebrate Eid with us.", "Book your Eid gathering now."],
    },
    eid_al_adha: {
      leads: {
        friendly: [
          "Eid al-Adha Mubarak! ✨",
          "Happy Eid al-Adha from all of us 🌙",
          "Eid Mubarak, friends! May your days be bright ✨",
        ],
        premium: [
          "Eid al-Adha Mubarak. Wishing you a blessed celebration.",
          "A blessed Eid al-Adha to you and yours.",
          "Celebrate Eid al-Adha in good company.",
        ],
        playful: [
          "Eid al-Adha is here, and calories don't count on Eid, right? 😄",
          "Eid feast mode: activated 🎉",
          "Eid plans: eat, visit, repeat 😋",
        ],
        family: [
          "Eid al-Adha is for family, and for full tables 🤍",
          "Celebrate Eid al-Adha together with your loved ones.",
          "From our family to yours: Eid al-Adha Mubarak.",
        ],
      },
      lines: [
        "May your Eid be full of blessings, togetherness and generosity.",
        "Celebrate with the flavours of the season.",
        "{dish} is ready for your Eid gatherings.",
        "May Allah accept from us and from you.",
      ],
      ctas: ["Join us this Eid.", "Plan your Eid gathering with us."],
    },
    national_day: {
      leads: {
        friendly: [
          "Happy National Day, Kuwait! 🇰🇼",
          "Celebrating Kuwait today and every day 🇰🇼",
          "25 February: a day for Kuwait 🇰🇼",
        ],
        premium: [
          "On Kuwait's National Day, we celebrate with pride.",
          "Celebrating 25 February with gratitude and pride.",
          "Happy National Day to Kuwait and its people.",
        ],
        playful: [
          "Green, white, red and black: our favourite colours today 🇰🇼",
          "Our hearts (and our plates) wear the flag colours today 🇰🇼",
          "Kuwait, you make us proud. Let's celebrate! 🎉",
        ],
        family: [
          "Happy National Day to every family in Kuwait 🇰🇼",
          "Celebrate National Day with the whole family 🇰🇼",
          "Kuwait's National Day is best celebrated together.",
        ],
      },
      lines: [
        "Proud to serve our community here in Kuwait.",
        "May Kuwait always be safe, prosperous and proud.",
        "Celebrate this 25 February with {dish}.",
        "Today we celebrate the country we call home.",
        "May Kuwait's glory endure.",
      ],
      ctas: ["Celebrate with us this National Day.", "Drop by and celebrate with us."],
    },
    liberation_day: {
      leads: {
        friendly: [
          "Happy Liberation Day, Kuwait 🇰🇼",
          "26 February: a day of freedom and gratitude 🇰🇼",
          "Celebrating Kuwait's Liberation Day with you 🇰🇼",
        ],
        premium: [
          "On Liberation Day, we honour Kuwait's martyrs and celebrate its freedom.",
          "A day of remembrance, gratitude and pride.",
          "Happy Liberation Day to Kuwait and all who call it home.",
        ],
        playful: [
          "Free, proud and celebrating, Kuwait style 🇰🇼",
          "Flags up, Kuwait! Happy Liberation Day 🎉",
          "Today the whole country smiles a little wider 🇰🇼",
        ],
        family: [
          "Happy Liberation Day to every family in Kuwait 🇰🇼",
          "A day to tell our children the story of Kuwait's freedom.",
          "Celebrating Liberation Day together, as one family.",
        ],
      },
      lines: [
        "We remember the martyrs and give thanks for Kuwait's safety and peace.",
        "May Kuwait remain free, safe and prosperous.",
        "Mark the day with {dish} and the people you love.",
        "Grateful to celebrate this day in the country we love.",
      ],
      ctas: ["Celebrate with us today.", "Join us and celebrate together."],
    },
    islamic_new_year: {
      leads: {
        friendly: [
          "Happy Islamic New Year! 🌙",
          "A new Hijri year begins. Happy New Year to you all 🌙",
          "Wishing you a blessed Hijri New Year ✨",
        ],
        premium: [
          "A blessed Hijri New Year to you and yours.",
          "A new Hijri year, a fresh beginning.",
          "May the new Hijri year bring you peace and prosperity.",
        ],
        playful: [
          "New Hijri year, same love for good food 😄",
          "New year, new cravings 🌙",
          "Starting the new Hijri year the right way: well fed 😋",
        ],
        family: [
          "Happy Hijri New Year to you and your family 🤍",
          "A blessed new year to every family we serve.",
          "Welcome the new Hijri year together as a family.",
        ],
      },
      lines: [
        "May this year bring you health, happiness and blessings.",
        "Thank you for being part of our story this past year.",
        "{dish} is a sweet way to start the year.",
        "Here's to a year of good food and good company.",
      ],
      ctas: ["Start the year with us.", "Come celebrate a fresh start with us."],
    },
    prophets_birthday: {
      leads: {
        friendly: [
          "On the Prophet's Birthday, peace and blessings be upon him 🌙",
          "Wishing you a blessed Mawlid 🌙",
          "A blessed occasion to you and your loved ones ✨",
        ],
        premium: [
          "On the blessed occasion of the Prophet's Birthday, we send you our warmest wishes.",
          "Wishing you a blessed Mawlid al-Nabawi.",
          "A blessed occasion of light and mercy.",
        ],
        playful: [
          "A blessed Mawlid to all our lovely guests ✨",
          "Sending you our warmest wishes on this blessed day 🌙",
          "Spreading kindness today, and every day ✨",
        ],
        family: [
          "A blessed Mawlid to you and your family 🤍",
          "May this blessed occasion bring your family peace and joy.",
          "Sharing the blessings of this day with your family.",
        ],
      },
      lines: [
        "May this occasion bring peace, mercy and blessings to your home.",
        "A day to remember mercy, kindness and generosity.",
        "Wishing you and your loved ones many happy returns.",
        "Share {dish} with the ones you love on this blessed day.",
      ],
      ctas: ["Visit us and share the occasion with your loved ones."],
    },
    back_to_school: {
      leads: {
        friendly: [
          "Back to school, back to routine 🎒",
          "New school year, same favourite spot 📚",
          "Good luck to every student starting school this week 🎒",
        ],
        premium: [
          "A new school year begins, and a quiet moment for the grown-ups.",
          "For the busy mornings ahead, a little luxury.",
          "A new academic year, a fresh rhythm.",
        ],
        playful: [
          "Alarm clocks are back. So are we 😅",
          "Homework can wait. Snack time can't 📚",
          "School's back! Parents, we feel you 😅",
        ],
        family: [
          "Back to school, and back to family dinners together 🎒",
          "Busy school days, easy family meals.",
          "Wishing every student a wonderful school year 🤍",
        ],
      },
      lines: [
        "Quick breakfasts, easy lunches and treats for after school.",
        "Mornings are busy; let us take care of the food.",
        "{dish} makes the perfect after-school reward.",
        "A treat for the students, and a well-deserved break for the parents.",
      ],
      ctas: ["Drop by after the school run.", "Order ahead and skip the rush."],
    },
    school_holidays: {
      leads: {
        friendly: [
          "School's out, and the whole family is free 🎈",
          "Holidays are here: time for family outings ☀️",
          "No school run this week, just time with the kids 🤍",
        ],
        premium: [
          "The school break: unhurried days with the family.",
          "A quiet table for the family, now the holidays are here.",
          "Slow holiday mornings, shared with the family.",
        ],
        playful: [
          "No homework, no alarm clocks, just snacks for the kids 😄",
          "Kids on holiday? Parents need a break too 😅",
          "Family holiday mode: on 🎈",
        ],
        family: [
          "The school holidays are here: bring the whole family 🤍",
          "Holiday days are for family time together 🎈",
          "Make some holiday memories with the kids ☀️",
        ],
      },
      lines: [
        "A family outing to celebrate the break.",
        "Long holiday days, made for sharing a table.",
        "{dish} to share with the whole family this holiday.",
        "The kids are off school; take a break together.",
      ],
      ctas: ["Bring the family and visit us this holiday.", "See you and the kids soon!"],
    },
    summer_nights: {
      leads: {
        friendly: [
          "Summer nights in Kuwait are made for late hangouts 🌙",
          "When the sun sets, the fun begins 🌙",
          "Hot days, cool drinks, long nights ☀️",
        ],
        premium: [
          "Summer evenings, unhurried and refined.",
          "As the heat fades, the evening comes alive.",
          "Long summer nights deserve a beautiful table.",
        ],
        playful: [
          "It's 48°C outside. We recommend something cold 🧊",
          "Survived another Kuwaiti summer day? You deserve a treat 😎",
          "Sun's down, cravings up 🌙",
        ],
        family: [
          "Summer nights out with the whole family 🌙",
          "Cool down together after a long summer day.",
          "Long summer nights are made for family outings 🤍",
        ],
      },
      lines: [
        "Our doors are open for your summer evenings.",
        "Cool drinks and good food to beat the heat.",
        "{dish} is how we beat the Kuwaiti summer.",
        "The best part of a summer day in Kuwait is the evening.",
      ],
      ctas: ["See you tonight!", "Come cool down with us."],
    },
  },
  ctas: {
    friendly: [
      "See you soon!",
      "Come say hi; your table is waiting.",
      "Drop by today and tell us what you think.",
      "Share this with a friend you'd bring along 👇",
      "Order now or swing by; either way, we've got you.",
    ],
    premium: [
      "Reserve your table today.",
      "We look forward to welcoming you.",
      "Book ahead; evenings fill quickly.",
      "Your table awaits.",
      "An invitation to slow down and savour.",
    ],
    playful: [
      "Tag someone who owes you a treat 👀",
      "Don't say we didn't warn you 😋",
      "Run, don't walk 🏃",
      "Your cravings called. We answered 📞",
      "Send this to your foodie group chat. You know the one 😄",
    ],
    family: [
      "Bring the whole family; there's room for everyone.",
      "Gather your loved ones and come hungry.",
      "Kids, parents, grandparents: all welcome 🤍",
      "Make it a family outing this week.",
      "Order a family spread to enjoy at home.",
    ],
  },
  offers: [
    "{dish} is now {discount} off.",
    "Enjoy {discount} off {dish} for a limited time.",
    "{discount} off {dish}: a very good reason to stop by.",
    "{discount} off selected favourites, for a limited time.",
    "For a limited time only, take {discount} off.",
    "{dish} for just {price}.",
    "Only {price} for {dish}.",
    "{dish} at {price}. That's the whole pitch.",
    "All this for just {price}.",
  ],
  dishLines: [
    "{dish} is waiting for you.",
    "Have you tried {dish} yet?",
    "Our pick for you: {dish}.",
    "{dish}, fresh from our kitchen to you.",
    "Save room for {dish}.",
  ],
  facts: {
    place: ["📍 {name}, {area}", "📍 {name}"],
    hours: "🕒 {hours}",
    time: "⏰ {time}",
    price: ["🏷️ {dish}: {price}", "🏷️ {price}"],
    signoff: "— {name}",
  },
};
