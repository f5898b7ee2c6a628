// The terms of service and the privacy policy (namespace "legal"), in English and Arabic. Each section
// has a title, paragraphs (`body`), an optional list, and optional paragraphs after the list (`after`).
// The legal texts are a sensible starting point for a Kuwaiti SaaS; a lawyer should read them before launch.
import { registerTranslations } from "../../i18n/index.ts";

/** The date both texts were last changed (ISO, shown in the reader's language). */
export const LEGAL_UPDATED = "2026-11-21";

export const TERMS_SECTIONS = [
  "service",
  "accounts",
  "plans",
  "content",
  "yours",
  "ai",
  "liability",
  "ending",
  "law",
  "changes",
] as const;
export const PRIVACY_SECTIONS = ["data", "why", "retention", "processors", "rights", "security", "contact"] as const;

export type LegalSection = { title: string; body?: string[]; list?: string[]; after?: string[] };

const en = {
  backHome: "Back to home",
  updated: "Last updated: {{date}}",
  contents: "On this page",
  questions:
    "Questions about this page? Write to support@sufra.kw, Sunday to Thursday, and a person from our team will answer.",
  seeAlso: "Read also:",
  terms: {
    title: "Terms of Service",
    metaTitle: "Terms of Service | Sufra",
    intro:
      "These terms are the agreement between Sufra and the business that uses it. We wrote them to be read, not skimmed: if anything is unclear, write to us at support@sufra.kw before you sign up.",
    sections: {
      service: {
        title: "1. What Sufra does",
        body: [
          "Sufra is an online studio that helps restaurants, cafés and other food and beverage businesses in Kuwait prepare, schedule and measure their social media posts in Arabic and English. It drafts captions and replies with the help of artificial intelligence, offers templates for Ramadan and other occasions, publishes to the social accounts you connect, and shows how your posts perform.",
          "We improve Sufra all the time, so features may change. When a change takes away something you pay for, we will tell you at least 30 days ahead.",
        ],
      },
      accounts: {
        title: "2. Accounts and approval",
        body: [
          "To use Sufra you create an account for your business with true and current details: the company name, a contact person, an e-mail address and a Kuwaiti phone number. The person who signs up confirms that they may act for the business.",
          "We review every sign-up before the account opens, and we may decline one, for example when we cannot confirm the business. Either way, we will tell you by e-mail.",
          "Keep your password to yourself and tell us straight away if you think someone else has used your account. You are responsible for what is done through your account, including by team members you invite.",
        ],
      },
      plans: {
        title: "3. Plans, trial and payment",
        body: [
          "Once your account is approved you start with a free trial of {{days}} days; our team may extend it. When the trial ends, the service continues only if you choose a paid plan.",
          "Plans are priced per month in Kuwaiti dinars, as shown on our pricing page when you subscribe. A subscription renews every month until you cancel it. If you cancel, your plan stays active until the end of the month you have paid for; we do not refund part of a month unless Kuwaiti law requires it.",
          "Each plan includes a number of AI posts a month. Posts you do not use do not carry over to the next month. If we change a price, we will tell you at least 30 days before it applies to you, and you may cancel before then.",
        ],
      },
      content: {
        title: "4. Acceptable content",
        body: [
          "Use Sufra only for lawful content about your business. Do not prepare or publish through Sufra anything that:",
        ],
        list: [
          "breaks the laws of Kuwait or offends public morals or religion;",
          "promotes products or services that are not allowed in Kuwait;",
          "is false or misleading, including prices, offers, ingredients, allergens or health claims;",
          "uses photos, music, names or trademarks you have no right to use;",
          "is spam, harassment, or an attack on a person, a competitor or a group.",
        ],
        after: [
          "We may pause a post or an account that breaks these rules. When we do, we will tell you why and how to put it right.",
        ],
      },
      yours: {
        title: "5. Your content and your social accounts",
        body: [
          "Your photos, menus, texts and the posts made from them remain yours. You give Sufra permission to store, process, adapt and publish them only to provide the service to you, and you confirm that you have the rights to everything you upload.",
          "When you connect Instagram, X, Snapchat or another network, you let Sufra act on that account within the permissions you grant, such as publishing the posts you schedule and reading how they perform. Sufra publishes only what you have approved or scheduled. You can disconnect a network at any time, in Sufra or in the network itself, and each network's own terms still apply to your account there.",
        ],
      },
      ai: {
        title: "6. Content drafted by AI",
        body: [
          "The captions, hashtags, templates and review replies Sufra drafts are suggestions. AI can make mistakes: it can get a price, a date, an ingredient or a tone wrong. Please read every draft before you approve it.",
          "You decide what is published under your name, and you are responsible for it. Sufra never publishes an AI-drafted reply to a review without your approval.",
        ],
      },
      liability: {
        title: "7. Availability and liability",
        body: [
          "We work hard to keep Sufra running and your posts on time, but we cannot promise that the service will always be available or free of errors. The social networks are not ours: they may change their rules, delay a post or refuse it.",
          "As far as Kuwaiti law allows, Sufra is not liable for indirect losses such as lost profit, lost followers or lost reputation, and our total liability for any claim is limited to the fees you paid us in the three months before the claim arose. Nothing in these terms limits a liability that the law does not allow us to limit.",
        ],
      },
      ending: {
        title: "8. Ending the service",
        body: [
          "You may cancel your plan or close your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms, or that is not paid for, after telling you and, where possible, giving you the chance to put things right.",
          "After an account is closed, we delete its data as our Privacy Policy describes. Before you close it, you can ask us for a copy of your posts.",
        ],
      },
      law: {
        title: "9. Kuwaiti law",
        body: [
          "These terms are governed by the laws of the State of Kuwait, and the courts of Kuwait decide any dispute about them. We would much rather solve a problem together first, so please write to support@sufra.kw.",
          "These terms are published in Arabic and English. If the two versions ever differ, the Arabic version prevails.",
        ],
      },
      changes: {
        title: "10. Changes to these terms",
        body: [
          "We may update these terms. We will tell you about important changes by e-mail or inside Sufra at least 30 days before they apply to you. If you keep using Sufra after that, the new terms apply; if you do not accept them, you may cancel before they take effect.",
        ],
      },
    },
  },
  privacy: {
    title: "Privacy Policy",
    metaTitle: "Privacy Policy | Sufra",
    intro:
      "This policy explains what Sufra keeps about you and your business, why, for how long, who helps us process it, and what you can ask of us. We keep only what we need to run the service well, and we never sell your data.",
    sections: {
      data: {
        title: "1. What we keep",
        body: ["We keep four kinds of information:"],
        list: [
          "Account: your name, e-mail address, phone number, role and preferred language, and your password, which we store only as a secure one-way hash.",
          "Business: the company name, address, plan, subscription and trial dates, and our decision on your sign-up.",
          "Posts: the texts, photos, templates, schedules and review replies you create or approve in Sufra, and the connections to your social accounts that publishing needs.",
          "Analytics and usage: how your posts perform (views, likes, comments and engagement) as the networks report it, and technical records such as sign-in times, IP address and browser, which keep your account safe.",
        ],
        after: [
          "In your browser, Sufra keeps your language, theme and session in local storage so that you stay signed in. We do not use advertising cookies or trackers.",
        ],
      },
      why: {
        title: "2. Why we keep it",
        list: [
          "to run your account: sign-in, approval, your plan and support;",
          "to prepare, schedule and publish your posts and replies, and to show you how they perform;",
          "to keep Sufra safe, by spotting misuse and sign-ins that are not yours;",
          "to write to you about your account: verification, password resets, approvals and important changes;",
          "to improve Sufra, using totals and trends rather than your individual posts.",
        ],
        after: [
          "We rely on our agreement with you to provide the service, on our legitimate interest in keeping it secure, and on your consent where we ask for it, for example when you connect a social account.",
        ],
      },
      retention: {
        title: "3. How long we keep it",
        body: [
          "We keep your data while your account is open. When you close your account, we delete your account, business data and posts within 90 days, except records the law requires us to keep for longer, such as invoices. A declined sign-up is deleted within 90 days as well.",
          "Security records are kept for up to 12 months. Our backups roll over, so deleted data leaves them within 30 days.",
        ],
      },
      processors: {
        title: "4. Who helps us",
        body: [
          "We share data only with the services that help us run Sufra, and with each of them only what it needs:",
        ],
        list: [
          "E-mail delivery: to send verification, password-reset and account messages.",
          "Social networks (such as Instagram, X and Snapchat): when you connect an account, to publish your posts and read how they perform, under each network's own privacy policy.",
          "Our AI provider: to draft captions, hashtags and replies. It receives the texts, photos and reviews a draft needs, never your password, and we use it under terms that do not allow it to train its models on your content.",
          "Hosting: the servers and databases on which Sufra runs.",
        ],
        after: [
          "Some of these providers may process data outside Kuwait. When they do, we require them to protect it at least as well as this policy does. We give data to the authorities only when Kuwaiti law requires it.",
        ],
      },
      rights: {
        title: "5. Your rights",
        body: [
          "You may ask us for a copy of your data, ask us to correct it or to delete it, and withdraw a consent at any time, for example by disconnecting a social account. You can change most details yourself in your profile and settings; for everything else, write to us.",
          "We answer within 30 days. If you are not satisfied with our answer, you may complain to the Communication and Information Technology Regulatory Authority (CITRA) in Kuwait.",
        ],
      },
      security: {
        title: "6. How we protect it",
        body: [
          "We use encrypted connections, give access only to the people on our team who need it, and handle the keys your social networks give us with care. If a breach ever puts your data at risk, we will tell you and the authorities as the law requires.",
        ],
      },
      contact: {
        title: "7. Contact and changes",
        body: [
          "For anything about your privacy, write to support@sufra.kw. We may update this policy; we will tell you about important changes by e-mail or inside Sufra before they apply.",
        ],
      },
    },
  },
};

type Texts = typeof en;

const ar: Texts = {
  backHome: "العودة إلى الرئيسية",
  updated: "آخر تحديث: {{date}}",
  contents: "في هذه الصفحة",
  questions: "لديك سؤال عن هذه الصفحة؟ راسلنا على support@sufra.kw من الأحد إلى الخميس، وسيجيبك أحد أفراد فريقنا.",
  seeAlso: "اقرأ أيضًا:",
  terms: {
    title: "شروط الخدمة",
    metaTitle: "شروط الخدمة | سفرة",
    intro:
      "هذه الشروط هي الاتفاق بين سفرة والنشاط التجاري الذي يستخدمها. كتبناها لتُقرأ لا لتُتصفَّح على عجل، فإن وجدت فيها ما هو غير واضح، راسلنا على support@sufra.kw قبل التسجيل.",
    sections: {
      service: {
        title: "١. ما تقدمه سفرة",
        body: [
          "سفرة استوديو إلكتروني يساعد المطاعم والمقاهي وغيرها من أنشطة الأطعمة والمشروبات في الكويت على إعداد منشوراتها على وسائل التواصل الاجتماعي وجدولتها وقياس نتائجها، بالعربية والإنجليزية. تكتب سفرة مسودات النصوص والردود بمساعدة الذكاء الاصطناعي، وتوفر قوالب لرمضان وغيره من المناسبات، وتنشر على الحسابات التي تربطها بها، وتعرض لك أداء منشوراتك.",
          "نطوّر سفرة باستمرار، لذلك قد تتغير بعض المزايا. وإذا كان التغيير سيُلغي شيئًا تدفع مقابله، فسنخبرك قبل ٣٠ يومًا على الأقل.",
        ],
      },
      accounts: {
        title: "٢. الحسابات والموافقة عليها",
        body: [
          "لاستخدام سفرة تنشئ حسابًا لنشاطك التجاري ببيانات صحيحة ومحدّثة: اسم الشركة، واسم الشخص المسؤول عن التواصل، وبريد إلكتروني، ورقم هاتف كويتي. ويؤكد الشخص الذي يسجّل أنه مخوّل بالتصرف نيابة عن النشاط التجاري.",
          "نراجع كل طلب تسجيل قبل تفعيل الحساب، وقد نعتذر عن قبول بعض الطلبات، كأن يتعذر علينا التحقق من النشاط التجاري. وفي الحالتين سنبلغك بالبريد الإلكتروني.",
          "احتفظ بكلمة المرور لنفسك، وأخبرنا فورًا إن ظننت أن غيرك استخدم حسابك. أنت مسؤول عمّا يجري من خلال حسابك، بما في ذلك ما يفعله أعضاء الفريق الذين تدعوهم.",
        ],
      },
      plans: {
        title: "٣. الباقات والتجربة والدفع",
        body: [
          "بعد الموافقة على حسابك تبدأ بفترة تجربة مجانية مدتها {{days}} يومًا، وقد يمددها فريقنا. وعند انتهائها تستمر الخدمة فقط إذا اخترت باقة مدفوعة.",
          "أسعار الباقات شهرية بالدينار الكويتي، كما تظهر في صفحة الأسعار وقت اشتراكك. يتجدد الاشتراك كل شهر إلى أن تلغيه، وإذا ألغيته تبقى باقتك فعّالة حتى نهاية الشهر المدفوع. لا نرد قيمة جزء من الشهر إلا إذا أوجب القانون الكويتي ذلك.",
          "تشمل كل باقة عددًا من المنشورات بالذكاء الاصطناعي شهريًا، ولا يُرحَّل ما لم تستخدمه إلى الشهر التالي. وإذا غيّرنا سعرًا، فسنخبرك قبل ٣٠ يومًا على الأقل من تطبيقه عليك، ولك أن تلغي اشتراكك قبل ذلك.",
        ],
      },
      content: {
        title: "٤. المحتوى المقبول",
        body: ["استخدم سفرة للمحتوى المشروع المتعلق بنشاطك التجاري فقط. لا تُعِدّ ولا تنشر من خلال سفرة أي محتوى:"],
        list: [
          "يخالف قوانين دولة الكويت أو يمس الآداب العامة أو الدين؛",
          "يروّج لمنتجات أو خدمات غير مسموح بها في الكويت؛",
          "يكون كاذبًا أو مضللًا، بما في ذلك الأسعار والعروض والمكونات ومسببات الحساسية والادعاءات الصحية؛",
          "يستخدم صورًا أو موسيقى أو أسماء أو علامات تجارية لا تملك حق استخدامها؛",
          "يكون رسائل مزعجة أو مضايقة أو إساءة إلى شخص أو منافس أو فئة.",
        ],
        after: ["قد نوقف منشورًا أو حسابًا يخالف هذه القواعد، وعندها سنخبرك بالسبب وبكيفية التصحيح."],
      },
      yours: {
        title: "٥. محتواك وحساباتك على وسائل التواصل",
        body: [
          "صورك وقوائم طعامك ونصوصك والمنشورات المعدّة منها تبقى ملكًا لك. وتمنح سفرة إذنًا بتخزينها ومعالجتها وتكييفها ونشرها لغرض تقديم الخدمة لك فقط، وتؤكد أنك تملك حق استخدام كل ما ترفعه.",
          "عندما تربط إنستغرام أو إكس أو سناب شات أو أي منصة أخرى، فإنك تسمح لسفرة بالعمل على ذلك الحساب في حدود الصلاحيات التي تمنحها، مثل نشر المنشورات التي تجدولها والاطلاع على أدائها. لا تنشر سفرة إلا ما وافقت عليه أو جدولته. ويمكنك فصل أي منصة في أي وقت، من سفرة أو من المنصة نفسها، وتبقى شروط كل منصة سارية على حسابك فيها.",
        ],
      },
      ai: {
        title: "٦. المحتوى الذي يكتبه الذكاء الاصطناعي",
        body: [
          "النصوص والوسوم والقوالب والردود على التقييمات التي تكتبها سفرة هي اقتراحات. قد يخطئ الذكاء الاصطناعي في سعر أو تاريخ أو مكوّن أو في نبرة الكلام، فاقرأ كل مسودة قبل أن توافق عليها.",
          "أنت من يقرر ما يُنشر باسمك، وأنت المسؤول عنه. ولا تنشر سفرة أبدًا ردًا على تقييم كتبه الذكاء الاصطناعي دون موافقتك.",
        ],
      },
      liability: {
        title: "٧. توفر الخدمة والمسؤولية",
        body: [
          "نبذل جهدنا لتبقى سفرة متاحة وتُنشر منشوراتك في موعدها، لكننا لا نضمن أن تكون الخدمة متاحة دائمًا أو خالية من الأخطاء. كما أن منصات التواصل ليست ملكنا، فقد تغيّر قواعدها أو تؤخر منشورًا أو ترفضه.",
          "في الحدود التي يسمح بها القانون الكويتي، لا تتحمل سفرة المسؤولية عن الخسائر غير المباشرة، مثل فوات الربح أو خسارة المتابعين أو السمعة، ولا تتجاوز مسؤوليتنا الإجمالية عن أي مطالبة ما دفعته لنا من رسوم خلال الأشهر الثلاثة السابقة لنشوئها. ولا يحدّ شيء في هذه الشروط من مسؤولية لا يجيز القانون تحديدها.",
        ],
      },
      ending: {
        title: "٨. إنهاء الخدمة",
        body: [
          "يمكنك إلغاء باقتك أو إغلاق حسابك في أي وقت. ولنا أن نعلّق أو نغلق حسابًا يخالف هذه الشروط مخالفة جسيمة أو متكررة، أو لم تُسدَّد رسومه، بعد إبلاغك ومنحك فرصة للتصحيح متى أمكن ذلك.",
          "بعد إغلاق الحساب نحذف بياناته كما توضح سياسة الخصوصية. ويمكنك قبل الإغلاق أن تطلب منا نسخة من منشوراتك.",
        ],
      },
      law: {
        title: "٩. القانون الكويتي",
        body: [
          "تخضع هذه الشروط لقوانين دولة الكويت، وتختص محاكم الكويت بالفصل في أي نزاع بشأنها. ونفضّل دائمًا أن نحل أي مشكلة معًا أولًا، فراسلنا على support@sufra.kw.",
          "هذه الشروط منشورة بالعربية والإنجليزية، وإذا اختلف النصان يومًا فالنص العربي هو المعتمد.",
        ],
      },
      changes: {
        title: "١٠. تعديل هذه الشروط",
        body: [
          "قد نحدّث هذه الشروط، وسنبلغك بالتغييرات المهمة بالبريد الإلكتروني أو داخل سفرة قبل ٣٠ يومًا على الأقل من سريانها عليك. إذا واصلت استخدام سفرة بعد ذلك تسري عليك الشروط الجديدة، وإن لم تقبلها فلك أن تلغي اشتراكك قبل سريانها.",
        ],
      },
    },
  },
  privacy: {
    title: "سياسة الخصوصية",
    metaTitle: "سياسة الخصوصية | سفرة",
    intro:
      "توضح هذه السياسة ما تحتفظ به سفرة من بياناتك وبيانات نشاطك التجاري، ولماذا، ولأي مدة، ومن يساعدنا في معالجتها، وما الذي يحق لك أن تطلبه منا. نحتفظ فقط بما نحتاجه لتقديم الخدمة جيدًا، ولا نبيع بياناتك أبدًا.",
    sections: {
      data: {
        title: "١. ما نحتفظ به",
        body: ["نحتفظ بأربعة أنواع من المعلومات:"],
        list: [
          "الحساب: اسمك وبريدك الإلكتروني ورقم هاتفك ودورك ولغتك المفضلة، وكلمة مرورك التي نخزنها فقط بصيغة مشفّرة أحادية الاتجاه لا يمكن استرجاعها.",
          "النشاط التجاري: اسم الشركة وعنوانها والباقة وتواريخ الاشتراك والتجربة وقرارنا بشأن طلب تسجيلك.",
          "المنشورات: النصوص والصور والقوالب والجداول والردود على التقييمات التي تنشئها أو توافق عليها في سفرة، وما يلزم النشر من روابط بحساباتك على وسائل التواصل.",
          "التحليلات والاستخدام: أداء منشوراتك (المشاهدات والإعجابات والتعليقات والتفاعل) كما تُبلغ عنه المنصات، وسجلات تقنية مثل أوقات تسجيل الدخول وعنوان IP والمتصفح، تحمي حسابك.",
        ],
        after: [
          "تحفظ سفرة في متصفحك لغتك والمظهر الذي اخترته وجلستك في التخزين المحلي لتبقى مسجّل الدخول. ولا نستخدم ملفات تعريف ارتباط إعلانية أو أدوات تتبّع.",
        ],
      },
      why: {
        title: "٢. لماذا نحتفظ بها",
        list: [
          "لتشغيل حسابك: تسجيل الدخول والموافقة على الحساب وباقتك والدعم؛",
          "لإعداد منشوراتك وردودك وجدولتها ونشرها، ولعرض أدائها عليك؛",
          "للحفاظ على أمان سفرة، باكتشاف إساءة الاستخدام ومحاولات الدخول التي لا تخصك؛",
          "لمراسلتك بشأن حسابك: التحقق وإعادة تعيين كلمة المرور والموافقات والتغييرات المهمة؛",
          "لتحسين سفرة، اعتمادًا على الأرقام الإجمالية والاتجاهات لا على منشوراتك الفردية.",
        ],
        after: [
          "نستند في ذلك إلى اتفاقنا معك لتقديم الخدمة، وإلى مصلحتنا المشروعة في الحفاظ على أمانها، وإلى موافقتك حين نطلبها، كأن تربط حسابًا على وسائل التواصل.",
        ],
      },
      retention: {
        title: "٣. مدة الاحتفاظ",
        body: [
          "نحتفظ ببياناتك ما دام حسابك مفتوحًا. وعند إغلاقه نحذف بيانات الحساب والنشاط التجاري والمنشورات خلال ٩٠ يومًا، باستثناء السجلات التي يلزمنا القانون بالاحتفاظ بها مدة أطول، مثل الفواتير. ويُحذف كذلك طلب التسجيل المرفوض خلال ٩٠ يومًا.",
          "نحتفظ بالسجلات الأمنية مدة أقصاها ١٢ شهرًا. وتتجدد نسخنا الاحتياطية دوريًا، فتخرج منها البيانات المحذوفة خلال ٣٠ يومًا.",
        ],
      },
      processors: {
        title: "٤. من يساعدنا",
        body: ["لا نشارك البيانات إلا مع الخدمات التي تساعدنا في تشغيل سفرة، ولا نعطي كلًا منها إلا ما يحتاجه:"],
        list: [
          "خدمة إرسال البريد الإلكتروني: لإرسال رسائل التحقق وإعادة تعيين كلمة المرور ورسائل الحساب.",
          "منصات التواصل الاجتماعي (مثل إنستغرام وإكس وسناب شات): عند ربط حسابك، لنشر منشوراتك والاطلاع على أدائها، وفق سياسة الخصوصية الخاصة بكل منصة.",
          "مزوّد الذكاء الاصطناعي: لكتابة مسودات النصوص والوسوم والردود. يتلقى النصوص والصور والتقييمات التي تحتاجها المسودة، ولا يتلقى كلمة مرورك أبدًا، ونستخدمه بشروط لا تسمح له بتدريب نماذجه على محتواك.",
          "الاستضافة: الخوادم وقواعد البيانات التي تعمل عليها سفرة.",
        ],
        after: [
          "قد يعالج بعض هؤلاء المزوّدين البيانات خارج الكويت، وعندها نلزمهم بحمايتها بقدر لا يقل عمّا تنص عليه هذه السياسة. ولا نقدّم البيانات إلى الجهات الرسمية إلا إذا أوجب القانون الكويتي ذلك.",
        ],
      },
      rights: {
        title: "٥. حقوقك",
        body: [
          "يحق لك أن تطلب نسخة من بياناتك، أو تصحيحها أو حذفها، وأن تسحب موافقتك في أي وقت، كأن تفصل حسابًا على وسائل التواصل. ويمكنك تعديل معظم البيانات بنفسك من ملفك الشخصي والإعدادات، ولأي شيء آخر راسلنا.",
          "نرد خلال ٣٠ يومًا. وإذا لم يُرضِك ردّنا، فلك أن تتقدم بشكوى إلى هيئة الاتصالات وتقنية المعلومات في الكويت.",
        ],
      },
      security: {
        title: "٦. كيف نحميها",
        body: [
          "نستخدم اتصالات مشفّرة، ونقصر الوصول على أفراد فريقنا الذين يحتاجونه، ونتعامل بعناية مع مفاتيح الوصول التي تمنحها منصات التواصل. وإذا عرّض اختراقٌ بياناتك للخطر يومًا، فسنبلغك ونبلغ الجهات المختصة كما يقتضي القانون.",
        ],
      },
      contact: {
        title: "٧. التواصل والتعديلات",
        body: [
          "لأي أمر يتعلق بخصوصيتك، راسلنا على support@sufra.kw. وقد نحدّث هذه السياسة، وسنبلغك بالتغييرات المهمة بالبريد الإلكتروني أو داخل سفرة قبل سريانها.",
        ],
      },
    },
  },
};

registerTranslations("legal", { en, ar });
