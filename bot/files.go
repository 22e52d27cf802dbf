package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kostka/units"
)

// Files in and out of Discord: /unit export answers with a file, which an
// interaction's HTTP response cannot carry (Discord takes files only as
// multipart/form-data through its API), so the bot sends such an answer
// through the callback endpoint, or the webhook edit of a deferred one;
// /unit import reads a file the player attached, from Discord's CDN.

// DiscordCDN are the bases of the URLs Discord serves attachments from,
// the default of Config.AttachmentBases.
var DiscordCDN = []string{"https://cdn.discordapp.com/", "https://media.discordapp.net/"}

// attachmentTimeout bounds reading one attached file.
const attachmentTimeout = 10 * time.Second

// errAttachmentURL is an attachment URL outside Config.AttachmentBases.
var errAttachmentURL = errors.New("the file is not on Discord's servers")

// allowedAttachment reports whether u is under one of the bases.
func allowedAttachment(u *url.URL, bases []string) bool {
	for _, base := range bases {
		b, err := url.Parse(base)
		if err != nil {
			continue
		}
		if u.Scheme == b.Scheme && strings.EqualFold(u.Host, b.Host) && u.User == nil && strings.HasPrefix(u.Path, b.Path) {
			return true
		}
	}
	return false
}

// fetchAttachment reads an attached file of at most units.MaxImportBytes
// from Discord's CDN (Config.AttachmentBases), following redirects only
// there, within attachmentTimeout.
func (b *Bot) fetchAttachment(ctx context.Context, a *discordgo.MessageAttachment) ([]byte, error) {
	tooBig := func(n int) error {
		return fmt.Errorf("attachment %q: %w", a.Filename, &units.LimitError{What: "file bytes", Max: units.MaxImportBytes, Got: n})
	}
	if a.Size > units.MaxImportBytes {
		return nil, tooBig(a.Size)
	}
	u, err := url.Parse(a.URL)
	if err != nil || !allowedAttachment(u, b.cfg.AttachmentBases) {
		return nil, errAttachmentURL
	}
	ctx, cancel := context.WithTimeout(ctx, attachmentTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	res, err := b.attachments.Do(req)
	if err != nil {
		if errors.Is(err, errAttachmentURL) {
			return nil, errAttachmentURL
		}
		return nil, fmt.Errorf("reading the file: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("reading the file: %s", res.Status)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, units.MaxImportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading the file: %w", err)
	}
	if len(data) > units.MaxImportBytes {
		return nil, tooBig(len(data))
	}
	return data, nil
}

// attachmentClient reads attachments: no redirect outside bases.
func attachmentClient(bases []string) *http.Client {
	return &http.Client{
		Timeout: attachmentTimeout,
		CheckRedirect: func(r *http.Request, via []*http.Request) error {
			if len(via) >= 3 || !allowedAttachment(r.URL, bases) {
				return errAttachmentURL
			}
			return nil
		},
	}
}

// hasFiles reports whether a response carries files.
func hasFiles(res *Response) bool { return res != nil && res.Data != nil && len(res.Data.Files) > 0 }

// discordFiles sends payload with files to Discord's REST API as
// multipart/form-data (payload_json, files[n]).
func (b *Bot) discordFiles(ctx context.Context, method, path string, payload any, files []*discordgo.File) error {
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return err
	}
	return b.send(ctx, method, path, contentType, body)
}

// respondWithFiles answers an interaction whose response carries files
// through the callback endpoint; when that fails, it returns a polite
// error to answer with instead (else nil).
func (b *Bot) respondWithFiles(ctx context.Context, i *discordgo.Interaction, res *Response) *Response {
	if err := b.discordFiles(ctx, http.MethodPost, "/interactions/"+i.ID+"/"+i.Token+"/callback", res, res.Data.Files); err != nil {
		b.cfg.Logger.ErrorContext(ctx, "answering with a file", "error", err, "interaction", i.ID)
		return ephemeral(msg(lang(i), "error.server"))
	}
	return nil
}

// webhookEdit is the edit of a deferred answer's original response that
// gives it res: its text, embeds, buttons and files' attachments.
func webhookEdit(res *Response) any {
	type edit struct {
		Content         *string                           `json:"content,omitempty"`
		Components      *[]discordgo.MessageComponent     `json:"components,omitempty"`
		Embeds          *[]*discordgo.MessageEmbed        `json:"embeds,omitempty"`
		Attachments     []*Attachment                     `json:"attachments,omitempty"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	}
	e := &edit{}
	if res.Data != nil {
		e.Content = &res.Data.Content
		e.Embeds = &res.Data.Embeds
		e.Components = &res.Data.Components
		e.AllowedMentions = res.Data.AllowedMentions
		e.Attachments = res.Attachments
	}
	return e
}
