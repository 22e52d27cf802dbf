package bot

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// Command is a slash command's definition as the bot registers it. The
// bot uses its own types rather than discordgo's because discordgo's drop
// values Discord needs: a maximum of 0 (max_value is a float64 with
// omitempty) and an empty list of choices.
type Command struct {
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations,omitempty"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Options                  []*Option         `json:"options,omitempty"`
}

// Option is a command's option or subcommand. MinValue and MaxValue are
// pointers so that 0 is sent as a limit.
type Option struct {
	Type                     discordgo.ApplicationCommandOptionType `json:"type"`
	Name                     string                                 `json:"name"`
	NameLocalizations        map[string]string                      `json:"name_localizations,omitempty"`
	Description              string                                 `json:"description"`
	DescriptionLocalizations map[string]string                      `json:"description_localizations,omitempty"`
	Required                 bool                                   `json:"required,omitempty"`
	Autocomplete             bool                                   `json:"autocomplete,omitempty"`
	Choices                  []*Choice                              `json:"choices,omitempty"`
	Options                  []*Option                              `json:"options,omitempty"`
	MinValue                 *float64                               `json:"min_value,omitempty"`
	MaxValue                 *float64                               `json:"max_value,omitempty"`
	MaxLength                int                                    `json:"max_length,omitempty"`
}

// Choice is one of an option's fixed values, or an autocomplete
// suggestion.
type Choice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations,omitempty"`
	Value             any               `json:"value"`
}

// Response is the bot's answer to an interaction: discordgo's response,
// written with the bot's own JSON where discordgo's loses values. An
// autocomplete result carries Choices, sent as "choices": [] when there
// are none, so that Discord shows its "no options match" hint.
type Response struct {
	*discordgo.InteractionResponse
	// Choices are an autocomplete result's suggestions.
	Choices []*Choice
	// Attachments describe Data.Files, in order, with their descriptions.
	Attachments []*Attachment
}

// MarshalJSON writes the response as Discord takes it.
func (r *Response) MarshalJSON() ([]byte, error) {
	if r.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		c := r.Choices
		if c == nil {
			c = []*Choice{}
		}
		type data struct {
			Choices []*Choice `json:"choices"`
		}
		return json.Marshal(struct {
			Type discordgo.InteractionResponseType `json:"type"`
			Data data                              `json:"data"`
		}{r.Type, data{c}})
	}
	if len(r.Attachments) > 0 && r.Data != nil {
		type data struct {
			*discordgo.InteractionResponseData
			Attachments []*Attachment `json:"attachments"`
		}
		return json.Marshal(struct {
			Type discordgo.InteractionResponseType `json:"type"`
			Data data                              `json:"data"`
		}{r.Type, data{r.Data, r.Attachments}})
	}
	return json.Marshal(r.InteractionResponse)
}
