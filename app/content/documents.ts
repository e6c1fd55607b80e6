/** The user agreement, the privacy policy and the help page, in both languages. Rendered on the server only. */
export type Doc = { title: string; updated: string; sections: Array<{ heading: string; paragraphs: string[] }> };

export const documents: Record<"agreement" | "privacy" | "help", { zh: Doc; en: Doc }> = {
  agreement: {
    zh: {
      title: "用户协议",
      updated: "2026年11月1日",
      sections: [
        { heading: "一、协议的范围", paragraphs: ["本协议是您与学术会议平台之间关于注册、登录和使用本平台服务的约定。您注册或使用本平台即表示同意本协议。"] },
        {
          heading: "二、账号",
          paragraphs: [
            "您以手机号和短信验证码注册和登录，也可以绑定微信登录。请妥善保管手机和验证码；因您泄露验证码造成的损失由您自行承担。",
            "一个手机号只能注册一个账号。主办方代您录入的报名信息，您可以通过认领关联到自己的账号。",
          ],
        },
        {
          heading: "三、报名与付费",
          paragraphs: [
            "会议的报名规则、费用、退款和发票政策由主办方制定，并在会议页面公示。平台按主办方的设置计算费用、记录付款并协助审核。",
            "以银行转账付款的，请上传付款凭证，由主办方审核确认。",
          ],
        },
        { heading: "四、用户内容", paragraphs: ["您提交的论文、文件和表单内容由您负责，不得侵犯他人权利或违反法律法规。主办方和平台有权对违规内容进行处理。"] },
        {
          heading: "五、服务的变更与中止",
          paragraphs: ["我们会尽力保证服务稳定；因系统维护、网络故障等原因导致的短暂中断，我们将及时修复并在可能时提前通知。"],
        },
        { heading: "六、联系我们", paragraphs: ["对本协议有任何疑问，请在工作日 9:00 至 17:00 联系客服。"] },
      ],
    },
    en: {
      title: "User agreement",
      updated: "1 November 2026",
      sections: [
        {
          heading: "1. Scope",
          paragraphs: [
            "This agreement governs your registration on, sign-in to and use of the Academic Conferences platform. By registering or using the platform you accept it.",
          ],
        },
        {
          heading: "2. Your account",
          paragraphs: [
            "You register and sign in with your mobile number and a text-message code, and may link WeChat for sign-in. Keep your phone and codes to yourself; you are responsible for losses caused by disclosing a code.",
            "One mobile number holds one account. A registration an organiser entered for you can be claimed into your own account.",
          ],
        },
        {
          heading: "3. Registration and payment",
          paragraphs: [
            "Each conference's organiser sets its registration rules, fees, refunds and invoices, shown on the conference page. The platform computes fees as the organiser set them, records payments and supports their audit.",
            "If you pay by bank transfer, upload the proof of payment; the organiser checks and confirms it.",
          ],
        },
        {
          heading: "4. Your content",
          paragraphs: [
            "You are responsible for the papers, files and answers you submit. They must not infringe anyone's rights or break the law; organisers and the platform may act on content that does.",
          ],
        },
        {
          heading: "5. Changes and interruptions",
          paragraphs: [
            "We work to keep the service available. Short interruptions for maintenance or network faults are repaired promptly and announced in advance where possible.",
          ],
        },
        { heading: "6. Contact", paragraphs: ["Questions about this agreement: contact support on weekdays from 9:00 to 17:00."] },
      ],
    },
  },
  privacy: {
    zh: {
      title: "隐私政策",
      updated: "2026年11月1日",
      sections: [
        { heading: "一、我们收集的信息", paragraphs: ["手机号（用于登录和接收验证码）、姓名、邮箱、头像；报名时您填写的信息和上传的文件；付款和发票信息。"] },
        {
          heading: "二、信息的用途",
          paragraphs: ["用于身份验证、会议报名、付款核对、开具发票、签到和与您联系。会议的报名信息提供给该会议的主办方，用于办会。"],
        },
        {
          heading: "三、存储与保护",
          paragraphs: ["数据存储在中国境内的服务器上。验证码和登录凭证以不可逆的方式加密保存；您上传的文件只向您本人和对应会议的主办方提供。"],
        },
        { heading: "四、Cookie", paragraphs: ["我们使用 Cookie 保存您的登录状态（ACCESS_TOKEN）和界面语言（isEnglish）。不使用第三方统计或广告 Cookie。"] },
        { heading: "五、您的权利", paragraphs: ["您可以在账号设置中查看和修改个人信息，也可以联系客服注销账号。"] },
      ],
    },
    en: {
      title: "Privacy policy",
      updated: "1 November 2026",
      sections: [
        {
          heading: "1. What we collect",
          paragraphs: [
            "Your mobile number (for sign-in and codes), name, e-mail and avatar; what you enter and upload when registering for a conference; payment and invoice details.",
          ],
        },
        {
          heading: "2. What we use it for",
          paragraphs: [
            "Verifying who you are, conference registration, checking payments, issuing invoices, check-in and contacting you. A conference's registrations are shared with that conference's organisers so they can run it.",
          ],
        },
        {
          heading: "3. Storage and protection",
          paragraphs: [
            "Data is stored on servers in mainland China. Codes and sign-in tokens are stored only as one-way hashes; files you upload are served only to you and to that conference's organisers.",
          ],
        },
        {
          heading: "4. Cookies",
          paragraphs: ["We use cookies for your sign-in (ACCESS_TOKEN) and interface language (isEnglish). No third-party analytics or advertising cookies."],
        },
        { heading: "5. Your rights", paragraphs: ["You can see and change your details in account settings, and ask support to delete your account."] },
      ],
    },
  },
  help: {
    zh: {
      title: "帮助中心",
      updated: "2026年11月1日",
      sections: [
        {
          heading: "如何登录？",
          paragraphs: [
            "在登录页输入手机号，点击“获取验证码”，输入短信中的 6 位数字即可。每个手机号每分钟最多发送 1 次、每小时最多 5 次验证码；验证码 10 分钟内有效，输错 5 次需重新获取。",
          ],
        },
        { heading: "收不到验证码？", paragraphs: ["请确认手机号正确、手机信号正常，并检查短信是否被拦截。一分钟后可以重新获取。"] },
        {
          heading: "如何切换语言？",
          paragraphs: ["点击页面顶部的“English / 中文”按钮。登录后切换的语言会保存到您的账号，下次登录仍然使用；也可以在账号设置中设置默认语言。"],
        },
        { heading: "联系客服", paragraphs: ["服务时间：工作日 9:00 至 17:00。"] },
      ],
    },
    en: {
      title: "Help center",
      updated: "1 November 2026",
      sections: [
        {
          heading: "How do I sign in?",
          paragraphs: [
            "Enter your mobile number on the login page, press “Send code” and type the 6 digits from the text message. One number gets at most 1 code a minute and 5 an hour; a code is valid for 10 minutes, and after 5 wrong tries you need a new one.",
          ],
        },
        {
          heading: "No code arrived?",
          paragraphs: ["Check the number and your signal, and whether the message was filtered. You can ask for a new code after a minute."],
        },
        {
          heading: "How do I change the language?",
          paragraphs: [
            "Use the language button at the top of every page (it reads “English” on Chinese pages). Signed in, your choice is saved to your account and applies whenever you sign in; you can also set it in account settings.",
          ],
        },
        { heading: "Contact support", paragraphs: ["Weekdays from 9:00 to 17:00."] },
      ],
    },
  },
};
