// The landing page's texts (namespace "landing"), and the site header and footer it shares with the
// legal pages (keys under "site"). Warm, direct, hospitable; never hype (docs/product.md#look-and-feel).
import { registerTranslations } from "../../i18n/index.ts";

export const SUPPORT_EMAIL = "support@sufra.kw";
export const SUPPORT_PHONE = "+965 2200 0000";
export const SUPPORT_PHONE_HREF = "tel:+96522000000";

const en = {
  site: {
    skip: "Skip to content",
    home: "Sufra, home",
    nav: {
      label: "Main",
      home: "Home",
      features: "Features",
      pricing: "Pricing",
      about: "About",
      contact: "Contact",
      clientLogin: "Client Login",
      adminLogin: "Admin Login",
      support: "Support",
    },
    menu: { show: "Menu" },
    footer: {
      label: "Footer",
      tagline: "Social media for restaurants and cafés in Kuwait, in Arabic and English.",
      start: "Get started",
      help: "Help",
      contact: "Support contact",
      signup: "Sign up",
      clientLogin: "Client login",
      admin: "Admin",
      support: "Support",
      terms: "Terms of Service",
      privacy: "Privacy Policy",
      hours: "Sunday to Thursday, 9:00 AM to 5:00 PM",
      rights: "© {{year}} Sufra. Made with care in Kuwait.",
    },
  },
  title: "Sufra | Social media for restaurants and cafés in Kuwait",
  hero: {
    eyebrow: "Made in Kuwait for restaurants and cafés",
    title: "Posts that bring guests to your table, in Arabic and English",
    lead: "Sufra writes your captions, prepares your Ramadan and holiday posts, answers your reviews and tells you when your guests are scrolling, so you can get back to the kitchen.",
    cta: "Create your account",
    secondary: "See the plans",
    note: "We welcome every new account personally. Once yours is approved, you start with a {{days}}-day trial.",
  },
  preview: {
    label: "An example of a post Sufra prepares for a café",
    name: "Bait Al Qahwa",
    place: "Salmiya",
    photo: "A bowl of lentil soup with golden sambousa and a dallah of Arabic coffee, on a table set for Iftar",
    caption:
      "Iftar is better shared. Our lentil soup and fresh sambousa are waiting for you, with Arabic coffee on the house after sunset.",
    tags: "#RamadanKareem #KuwaitCafes",
    time: "Best time to post: 6:45 PM, after Maghrib",
    status: "Waiting for your approval",
  },
  features: {
    title: "Everything your restaurant needs to be seen",
    lead: "Six helpers in one calm studio. Each of them knows food, knows Kuwait and speaks both of your languages.",
    food: {
      title: "A content specialist for food and beverage",
      text: "Sufra writes like someone who has worked the pass: dishes, ingredients and the mood of your place, in Arabic and in English.",
    },
    photos: {
      title: "Captions and photo tips for your dishes",
      text: "Upload a photo of today's special and get a caption, hashtags and simple tips that make the plate shine.",
    },
    holidays: {
      title: "Ramadan and holiday templates",
      text: "Ready posts for Iftar, Suhoor, Eid, National Day and Liberation Day, prepared ahead so you are never late for an occasion.",
    },
    promotions: {
      title: "Menu promotions",
      text: "Turn a new dish, a family meal or a weekend offer into a post people want to share.",
    },
    reviews: {
      title: "AI replies to customer reviews",
      text: "Answer every review warmly and on time. You read and approve each reply before it goes out.",
    },
    insights: {
      title: "Peak-hours posting insights",
      text: "See when your guests are scrolling, around prayer times and meal times, and post when it counts.",
    },
  },
  pricing: {
    title: "Simple monthly plans",
    lead: "Prices in Kuwaiti dinars. Every plan starts with a {{days}}-day trial once your account is approved.",
    planName: "{{name}}",
    perMonth: "per month",
    mostPopular: "Most Popular",
    choose: "Choose {{plan}}",
    developers: "API and webhooks: read the developer documentation",
    blurb: {
      basic: "For a café taking its first steps on Instagram.",
      professional: "For a busy restaurant that posts every week.",
      premium: "For groups and brands with a team behind them.",
    },
  },
  about: {
    title: "About Sufra",
    p1: "A sufra is the spread laid out when guests arrive: generous, welcoming and made with care. We built Sufra in Kuwait for the people who run kitchens and coffee counters, who would rather be with their guests than searching for the right words at midnight.",
    p2: "We know that a post before Iftar matters more than one at noon, that every kind review deserves a thank-you, and that your menu reads best in both Arabic and English. Sufra does the writing and the planning; you keep the final word on everything that carries your name.",
  },
  contact: {
    title: "Contact us",
    lead: "A question about a plan, your account or a post? We are happy to help.",
    email: "E-mail",
    phone: "Phone",
    hours: "Working hours",
    hoursValue: "Sunday to Thursday, 9:00 AM to 5:00 PM (Kuwait time)",
  },
  closing: {
    title: "Ready to welcome more guests?",
    text: "Set up your account in a few minutes. We will take it from there, together.",
    cta: "Create your account",
  },
};

type Texts = typeof en;

const ar: Texts = {
  site: {
    skip: "انتقل إلى المحتوى",
    home: "سفرة، الصفحة الرئيسية",
    nav: {
      label: "القائمة الرئيسية",
      home: "الرئيسية",
      features: "المزايا",
      pricing: "الأسعار",
      about: "من نحن",
      contact: "تواصل معنا",
      clientLogin: "دخول العملاء",
      adminLogin: "دخول المشرفين",
      support: "الدعم",
    },
    menu: { show: "القائمة" },
    footer: {
      label: "روابط التذييل",
      tagline: "التواصل الاجتماعي للمطاعم والمقاهي في الكويت، بالعربية والإنجليزية.",
      start: "ابدأ الآن",
      help: "المساعدة",
      contact: "التواصل مع الدعم",
      signup: "إنشاء حساب",
      clientLogin: "دخول العملاء",
      admin: "المشرفون",
      support: "الدعم",
      terms: "شروط الخدمة",
      privacy: "سياسة الخصوصية",
      hours: "من الأحد إلى الخميس، من ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً",
      rights: "© {{year}} سفرة. صُنعت بعناية في الكويت.",
    },
  },
  title: "سفرة | التواصل الاجتماعي للمطاعم والمقاهي في الكويت",
  hero: {
    eyebrow: "صُنعت في الكويت للمطاعم والمقاهي",
    title: "منشورات تجمع الضيوف على سفرتك، بالعربية والإنجليزية",
    lead: "تكتب سفرة نصوص منشوراتك، وتجهّز منشورات رمضان والأعياد، وتردّ على تقييمات ضيوفك، وتخبرك متى يتصفّح جمهورك، لتعود أنت إلى مطبخك.",
    cta: "أنشئ حسابك",
    secondary: "اطّلع على الباقات",
    note: "نرحّب بكل حساب جديد بأنفسنا. وبعد الموافقة على حسابك، تبدأ بفترة تجربة مدتها {{days}} يومًا.",
  },
  preview: {
    label: "مثال على منشور تجهّزه سفرة لمقهى",
    name: "بيت القهوة",
    place: "السالمية",
    photo: "طبق شوربة عدس مع سمبوسة ذهبية ودلّة قهوة عربية، على سفرة معدّة للإفطار",
    caption:
      "الإفطار أطيب مع الأحبة. شوربة العدس والسمبوسة الطازجة بانتظاركم، والقهوة العربية ضيافة منّا بعد أذان المغرب.",
    tags: "#رمضان_كريم #مقاهي_الكويت",
    time: "أفضل وقت للنشر: ٦:٤٥ مساءً، بعد المغرب",
    status: "بانتظار موافقتك",
  },
  features: {
    title: "كل ما يحتاجه مطعمك ليراه الناس",
    lead: "ستة مساعدين في استوديو واحد هادئ. كلهم يعرفون الطعام، ويعرفون الكويت، ويتحدثون لغتيك.",
    food: {
      title: "متخصص محتوى للأطعمة والمشروبات",
      text: "تكتب سفرة كمن عمل في المطبخ: تعرف الأطباق والمكونات وأجواء مكانك، وتكتب عنها بالعربية والإنجليزية.",
    },
    photos: {
      title: "نصوص ونصائح تصوير لأطباقك",
      text: "ارفع صورة طبق اليوم واحصل على نص ووسوم ونصائح بسيطة تُظهر الطبق في أجمل حلّة.",
    },
    holidays: {
      title: "قوالب رمضان والمناسبات",
      text: "منشورات جاهزة للإفطار والسحور والعيد، واليوم الوطني ويوم التحرير، تُجهَّز مبكرًا فلا يفوتك موعد.",
    },
    promotions: {
      title: "عروض قائمة الطعام",
      text: "حوّل طبقًا جديدًا أو وجبة عائلية أو عرض نهاية الأسبوع إلى منشور يحب الناس مشاركته.",
    },
    reviews: {
      title: "ردود بالذكاء الاصطناعي على تقييمات العملاء",
      text: "ردّ على كل تقييم بلطف وفي وقته. تقرأ كل رد وتوافق عليه قبل نشره.",
    },
    insights: {
      title: "أفضل أوقات النشر",
      text: "اعرف متى يتصفّح ضيوفك، حول أوقات الصلاة والوجبات، وانشر في اللحظة المناسبة.",
    },
  },
  pricing: {
    title: "باقات شهرية واضحة",
    lead: "الأسعار بالدينار الكويتي. تبدأ كل باقة بفترة تجربة مدتها {{days}} يومًا بعد الموافقة على حسابك.",
    planName: "الباقة {{name}}",
    perMonth: "شهريًا",
    mostPopular: "الأكثر طلبًا",
    choose: "اختر الباقة {{plan}}",
    developers: "الواجهة البرمجية وخطافات الويب: اقرأ دليل المطوّرين",
    blurb: {
      basic: "لمقهى يخطو خطواته الأولى على إنستغرام.",
      professional: "لمطعم نشِط ينشر كل أسبوع.",
      premium: "للمجموعات والعلامات التجارية التي يقف خلفها فريق.",
    },
  },
  about: {
    title: "من نحن",
    p1: "السفرة هي ما يُبسط للضيوف حين يصلون: كريمة ومرحِّبة ومُعدّة بعناية. بنينا سفرة في الكويت لأصحاب المطابخ والمقاهي، الذين يفضّلون أن يكونوا مع ضيوفهم على أن يبحثوا عن الكلمات المناسبة في منتصف الليل.",
    p2: "نعرف أن منشورًا قبل الإفطار أهم من منشور عند الظهيرة، وأن كل تقييم لطيف يستحق كلمة شكر، وأن قائمتك تُقرأ أجمل بالعربية والإنجليزية معًا. تتولى سفرة الكتابة والتخطيط، وتبقى لك الكلمة الأخيرة في كل ما يحمل اسمك.",
  },
  contact: {
    title: "تواصل معنا",
    lead: "لديك سؤال عن باقة أو عن حسابك أو عن منشور؟ يسعدنا أن نساعدك.",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    hours: "ساعات العمل",
    hoursValue: "من الأحد إلى الخميس، من ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً (بتوقيت الكويت)",
  },
  closing: {
    title: "مستعد لاستقبال مزيد من الضيوف؟",
    text: "جهّز حسابك في دقائق، ونكمل الطريق معًا.",
    cta: "أنشئ حسابك",
  },
};

registerTranslations("landing", { en, ar });
