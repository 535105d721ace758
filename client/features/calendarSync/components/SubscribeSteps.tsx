// How to subscribe to the feed in the three calendar apps coaches use: short, accurate steps.
export function SubscribeSteps() {
  return (
    <section className="calsync-steps" aria-labelledby="calsync-steps-title">
      <h3 id="calsync-steps-title" className="calsync-steps__title">How to subscribe</h3>
      <div className="calsync-steps__grid">
        <div className="calsync-step">
          <h4>Google Calendar</h4>
          <ol>
            <li>Copy your calendar address above.</li>
            <li>On a computer, open <strong>calendar.google.com</strong>.</li>
            <li>Next to <strong>Other calendars</strong>, select <strong>+</strong>, then <strong>From URL</strong>.</li>
            <li>Paste the address and select <strong>Add calendar</strong>.</li>
          </ol>
          <p className="muted text-sm">Google refreshes subscribed calendars on its own schedule, usually within a day. The calendar also appears in the Google Calendar app on your phone.</p>
        </div>
        <div className="calsync-step">
          <h4>Outlook</h4>
          <ol>
            <li>Copy your calendar address above.</li>
            <li>In Outlook on the web or the new Outlook, open <strong>Calendar</strong>.</li>
            <li>Select <strong>Add calendar</strong>, then <strong>Subscribe from web</strong>.</li>
            <li>Paste the address, name it “Coachwell” and select <strong>Import</strong>.</li>
          </ol>
          <p className="muted text-sm">In classic Outlook for Windows: <strong>Home</strong> › <strong>Add Calendar</strong> › <strong>From Internet</strong>, paste the address, then <strong>OK</strong>.</p>
        </div>
        <div className="calsync-step">
          <h4>Apple Calendar</h4>
          <ol>
            <li>Copy your calendar address above.</li>
            <li>On a Mac, open Calendar and choose <strong>File</strong> › <strong>New Calendar Subscription</strong>.</li>
            <li>Paste the address and select <strong>Subscribe</strong>.</li>
            <li>Set <strong>Auto-refresh</strong> to <strong>Every hour</strong> and <strong>Location</strong> to <strong>iCloud</strong> to see it on your iPhone too, then <strong>OK</strong>.</li>
          </ol>
          <p className="muted text-sm">On an iPhone or iPad: <strong>Settings</strong> › <strong>Apps</strong> › <strong>Calendar</strong> › <strong>Calendar Accounts</strong> › <strong>Add Account</strong> › <strong>Other</strong> › <strong>Add Subscribed Calendar</strong>, paste the address, then <strong>Next</strong> and <strong>Save</strong>.</p>
        </div>
      </div>
    </section>
  );
}
